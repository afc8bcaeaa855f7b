import { expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { openOrdersWithCode } from '../sms';
import { waitForProducts } from './helpers';

test.describe('language detection', () => {
  test.use({ storefrontLanguage: null, locale: 'fr-FR' });

  test('a browser in an unsupported language gets Uzbek', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await expect(page.getByRole('link', { name: 'Xarid qilish' })).toBeVisible();
  });
});

test.describe('language detection from the browser', () => {
  test.use({ storefrontLanguage: null, locale: 'ru-RU' });

  test('a Russian browser gets Russian until the shopper chooses', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Перейти к покупкам' })).toBeVisible();
    await page.getByLabel('Язык').first().selectOption('uz');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Xarid qilish' })).toBeVisible();
  });
});

test.describe("o'zbek tilida", () => {
  test.use({ storefrontLanguage: 'uz' });

  test('a guest shops in Uzbek', async ({ page }) => {
    await page.goto('/products?category=kinder&filter=discount');
    await waitForProducts(page);
    await expect(page.getByRole('radio', { name: 'Chegirmada' })).toBeChecked();
    await page.getByRole('link', { name: 'Bolalar stoli' }).click();
    // An open-ended discount shows no countdown (docs/decisions/016).
    await expect(page.getByText('Chegirma tugashiga')).toHaveCount(0);
    await page.getByText('Sariq', { exact: true }).click();
    await page.getByRole('button', { name: 'Savatga qoʻshish' }).click();
    await page.goto('/cart');
    await expect(page.getByTestId('cart-total')).toHaveText('486 000 soʻm');
    await page.getByRole('button', { name: 'Buyurtma berish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buyurtmani rasmiylashtirish' });
    await dialog.getByRole('button', { name: 'Buyurtma berish' }).click();
    await expect(dialog.getByText('Ism kiritilishi shart')).toBeVisible();
    await expect(dialog.getByText('Telefon raqami kiritilishi shart')).toBeVisible();
    await dialog.getByLabel('Toʻliq ism').fill('Dilnoza Rahimova');
    const phone = uniquePhone();
    await dialog.getByLabel('Telefon raqami').fill(phone);
    await dialog.getByRole('button', { name: 'Buyurtma berish' }).click();
    await expect(page.getByRole('heading', { name: 'Buyurtma tasdiqlandi!' })).toBeVisible();
    await page.goto('/portfolio');
    await openOrdersWithCode(page, test.info(), phone);
    await expect(page.getByRole('heading', { name: /Buyurtmalar tarixi/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
