import { expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { openOrdersWithCode } from '../sms';
import { toast, waitForProducts } from './helpers';

test.describe('a guest shops the demo catalogue', () => {
  test('browse → category → price → search → product → colour and quantity → cart → checkout → portfolio', async ({
    page,
  }) => {
    // The longest journey of the suite: a loaded CI machine needs more than the default minute.
    test.slow();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Quality furniture');
    await expect(
      page.getByRole('region', { name: 'Special offers' }).locator('article').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Category from the home grid.
    await page
      .getByRole('region', { name: 'Shop by category' })
      .getByRole('link', { name: /Office/ })
      .click();
    await expect(page).toHaveURL(/\/products\?category=office$/);
    await waitForProducts(page);
    await expect(page.getByText('Showing 4 of 4')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Price: the minimum slider to its top keeps only the dearest office product.
    await page.getByLabel('Minimum price').focus();
    await page.keyboard.press('End');
    await expect(page.getByText('Showing 1 of 4')).toBeVisible();
    await expect(page.locator('article h3')).toHaveText(['Meeting table']);

    // Search (debounced into the URL); the category stays.
    await page.getByRole('searchbox', { name: 'Search' }).fill('kreslo');
    await expect(page).toHaveURL(/category=office&search=kreslo/);
    await expect(page.locator('article h3')).toHaveText(['Ergonomic office chair']);

    // Back restores the previous view.
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?category=office$/);
    await page.goForward();
    await expect(page).toHaveURL(/search=kreslo/);

    await page.getByRole('link', { name: 'Ergonomic office chair' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ergonomic office chair');
    await expect(page.getByText('-20%').first()).toBeVisible();
    await expect(page.getByText('Sale ends in')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // No colour yet: a warning at the picker, which takes the focus; nothing added.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please select a colour' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Colour' }).getByRole('radio').first()).toBeFocused();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await page.getByText('Black', { exact: true }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');

    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('Colour: Black')).toBeVisible();
    await expect(page.getByLabel('Quantity of Ergonomic office chair').locator('input')).toHaveValue('2');
    await expect(page.getByText("3 780 000 so'm").first()).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText("3 024 000 so'm");
    await expect(page.getByText("−756 000 so'm")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Checkout: a bad phone first, then a good one.
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Full name').fill('Aziz Karimov');
    await expect(dialog.getByText('Name is required')).toHaveCount(0);
    await dialog.getByLabel('Phone number').fill('90 12');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const phone = uniquePhone();
    const local = phone.slice(4);
    await dialog
      .getByLabel('Phone number')
      .fill(`(${local.slice(0, 2)}) ${local.slice(2, 5)}-${local.slice(5, 7)}-${local.slice(7)}`);
    await dialog.getByRole('button', { name: 'Place order' }).click();

    // Every shopper lands on the order's own link (e2e/storefront/order-confirmation.spec.ts).
    await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}&key=/);
    const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').slice(1);
    expect(orderNumber).toMatch(/^[0-9A-F]{6}$/);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    // The portfolio fills in the remembered phone; its orders open with the code sent to it.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My orders' })
      .click();
    await expect(page.getByLabel('Phone number')).toHaveValue(phone);
    await openOrdersWithCode(page, test.info(), phone);
    const row = page.getByRole('row', { name: new RegExp(`#${orderNumber}`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText("3 024 000 so'm");
    await expect(row).toContainText('New');
    await expect(page.getByText(phone, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // On a phone the orders are cards; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const pageWidth = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await pageWidth()).toBe(0);
    const card = page.getByTestId('order-card').filter({ hasText: `#${orderNumber}` });
    await card.getByRole('button', { name: 'Details' }).scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: 'Details' })).toBeInViewport();
    expect(await pageWidth()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: `Order #${orderNumber}` });
    await expect(details).toContainText('Ergonomic office chair');
    await expect(details).toContainText('2 pcs');
    await expectNoSeriousA11yViolations(page);
    await details.getByRole('button', { name: 'Close' }).click();

    // Logging out of the portfolio forgets the phone.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Find my orders' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone number')).toHaveValue('');
  });
});

test.describe('in Russian', () => {
  test.use({ storefrontLanguage: 'ru' });

  test('the same journey reads Russian and the order is found again', async ({ page }) => {
    await page.goto('/products?category=school');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Школа');
    await waitForProducts(page);
    await expect(page.getByText('Показано 4 из 4')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('parta');
    await expect(page.locator('article h3')).toHaveText(['Двухместная школьная парта']);
    await page.getByRole('link', { name: 'Двухместная школьная парта' }).click();
    await expect(page.getByText('До конца скидки')).toBeVisible();
    await page.getByText('Синий', { exact: true }).click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await expect(toast(page).filter({ hasText: 'добавлен в корзину' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
    await expect(page.getByTestId('cart-total')).toHaveText('1 062 500 сум');
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Оформление заказа' });
    await dialog.getByLabel('Полное имя').fill('Дилноза Рахимова');
    await dialog.getByLabel('Номер телефона').fill('12345');
    await dialog.getByRole('button', { name: 'Оформить заказ' }).click();
    await expect(dialog.getByText('Пожалуйста, введите корректный номер телефона')).toBeVisible();
    const phone = uniquePhone();
    await dialog.getByLabel('Номер телефона').fill(phone.slice(1));
    await dialog.getByRole('button', { name: 'Оформить заказ' }).click();
    await expect(page.getByRole('heading', { name: 'Заказ подтверждён!' })).toBeVisible();
    const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').slice(1);
    await page.goto('/portfolio');
    await openOrdersWithCode(page, test.info(), phone);
    await expect(page.getByRole('heading', { name: /История заказов \(1 заказ\)/ })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`#${orderNumber}`) })).toContainText('Новый');
    await expectNoSeriousA11yViolations(page);
  });
});

test('reload keeps the cart and the language', async ({ page }) => {
  await page.goto('/product/' + (await firstProductId(page, 'Loft jurnal stoli')));
  await page.getByText('Brown', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.getByLabel('Language').first().selectOption('ru');
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ru');
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: 'Журнальный столик лофт' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

async function firstProductId(page: import('@playwright/test').Page, name: string): Promise<string> {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent(name)}&limit=1`);
  const body = (await response.json()) as { docs: { _id: string }[] };
  return body.docs[0]!._id;
}
