import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@shop/common';
import { expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { openOrdersWithCode } from '../sms';
import { toast, waitForProducts } from './helpers';

/**
 * The catalogue speaks the shopper's language (decision 012), and the header search
 * understands both Uzbek scripts and Russian. These journeys only read the demo catalogue and place
 * one order of a product no other journey counts (the toy cabinet, 8 in stock), so the shared shop
 * stays as the other specs expect it.
 */
const TOY_CABINET = { uz: "O'yinchoqlar shkafi", ru: 'Шкаф для игрушек' } as const;

const headerSearch = (page: Page, label: RegExp) =>
  page.getByRole('search', { name: label }).getByRole('combobox', { name: label });
const suggestions = (page: Page, label: RegExp) =>
  page.getByRole('search', { name: label }).getByRole('listbox');

test.describe('a Russian shopper', () => {
  test.use({ storefrontLanguage: 'ru' });

  test('reads Russian product names in the listing, the product, the cart, the order and the lookup by phone', async ({
    page,
  }) => {
    // Five screens and an accessibility check: on a shared, loaded machine this outlasts 60 s.
    test.slow();
    await page.goto('/products?category=kinder');
    await waitForProducts(page);
    const cards = page.locator('article h3');
    await expect(cards.filter({ hasText: TOY_CABINET.ru })).toHaveCount(1);
    await expect(cards.filter({ hasText: TOY_CABINET.uz })).toHaveCount(0);
    await expect(cards.filter({ hasText: 'Детский стол' })).toHaveCount(1);

    await page.getByRole('link', { name: TOY_CABINET.ru }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TOY_CABINET.ru);
    await expect(page.getByText('Низкий шкаф на шесть ячеек').first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(TOY_CABINET.ru));
    await page.getByText('Белый', { exact: true }).click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await expect(toast(page).filter({ hasText: 'добавлен в корзину' })).toBeVisible();

    await page.goto('/cart');
    const line = page.getByTestId('cart-line-0');
    await expect(line).toContainText(TOY_CABINET.ru);
    await expect(line).not.toContainText(TOY_CABINET.uz);

    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Оформление заказа' });
    await dialog.getByLabel('Полное имя').fill('Ольга Ким');
    const phone = uniquePhone();
    await dialog.getByLabel('Номер телефона').fill(phone.slice(1));
    await dialog.getByRole('button', { name: 'Оформить заказ' }).click();
    // Every shopper lands on the order's own link (e2e/storefront/order-confirmation.spec.ts).
    await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}&key=/);
    await expect(page.getByTestId('order-number')).toHaveText(/#[0-9A-F]{6}/);
    const number = (await page.getByTestId('order-number').textContent())!;

    // The lookup as a shopper on another visit: the remembered phone is gone, the phone is typed.
    await page.evaluate((key) => window.localStorage.removeItem(key), STORAGE_KEYS.portfolioPhone);
    await page.goto('/portfolio');
    await page.getByLabel('Номер телефона').fill(phone);
    await openOrdersWithCode(page, test.info(), phone);
    const row = page.getByRole('row', { name: new RegExp(number) });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Подробнее' }).click();
    const details = page.getByRole('dialog', { name: `Заказ ${number}` });
    await expect(details).toContainText(TOY_CABINET.ru);
    await expect(details).not.toContainText(TOY_CABINET.uz);
    await expectNoSeriousA11yViolations(page);
  });

  test('searches as they type in Cyrillic and opens a suggestion by keyboard', async ({ page }) => {
    const label = /Поиск товаров/;
    await page.goto('/');
    const box = headerSearch(page, label);
    const list = suggestions(page, label);

    // Cyrillic, keyboard only: ↓ picks the first suggestion, Enter opens it.
    await box.fill('парта');
    await expect(list.getByRole('option')).toHaveText([/Двухместная школьная парта/]);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Двухместная школьная парта');
  });

  test('searches as they type in Latin Uzbek, reads Russian suggestions, and searches the listing', async ({
    page,
  }) => {
    const label = /Поиск товаров/;
    await page.goto('/');
    const box = headerSearch(page, label);
    const list = suggestions(page, label);

    // Latin Uzbek typed by a Russian shopper: the suggestions still read Russian.
    await box.fill('stul');
    await expect(list.getByRole('option').filter({ hasText: 'Ученический стул' })).toHaveCount(1);
    await expect(list.getByRole('option').filter({ hasText: "O'quvchi stuli" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // Escape closes the list, a second Escape clears the text.
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await box.press('Escape');
    await expect(box).toHaveValue('');

    // Enter without a chosen suggestion searches the listing, ranked by relevance.
    await box.fill('stul');
    await expect(list.getByRole('option').first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=stul$/);
    await waitForProducts(page);
    await expect(page.locator('article h3').filter({ hasText: 'Ученический стул' })).toHaveCount(1);
    await expect(page.getByLabel('Сортировка')).toHaveValue('newest');
    await expect(page.getByLabel('Сортировка').locator('option:checked')).toHaveText('По релевантности');
  });
});

test.describe('an Uzbek shopper on a phone', () => {
  test.use({ storefrontLanguage: 'uz', viewport: { width: 390, height: 844 } });

  test('types Uzbek Cyrillic with its own letters and gets the Latin product', async ({ page }) => {
    const label = /Mahsulot/;
    await page.goto('/');
    const box = headerSearch(page, label);
    const list = suggestions(page, label);
    await box.fill('ўқувчи');
    const option = list.getByRole('option').filter({ hasText: "O'quvchi stuli" });
    await expect(option).toHaveCount(1);
    await option.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("O'quvchi stuli");

    // Another apostrophe (‘) and Russian Cyrillic reach the same products.
    await box.fill('o‘quvchi');
    await expect(list.getByRole('option').filter({ hasText: "O'quvchi stuli" })).toHaveCount(1);
    await box.fill('шкаф');
    await expect(list.getByRole('option').filter({ hasText: TOY_CABINET.uz })).toHaveCount(1);
  });
});
