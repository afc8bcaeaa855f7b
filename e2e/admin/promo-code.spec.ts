import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { closeToasts, dayInput, findProductId, signInToBackOffice } from './admin-helpers';

/**
 * A promo code from the back office to the receipt: staff make a code and change its terms, a
 * shopper tries a wrong code, then the right one, and the order keeps its discount.
 */
test.describe.configure({ mode: 'serial' });

const code = `OFIS${Date.now().toString(36).toUpperCase()}`;
const days = (from: number) => dayInput(new Date(Date.now() + from * 86_400_000));

test('staff create a code, then limit it to office goods, a window, a minimum and a number of uses', async ({
  page,
}) => {
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.getByRole('link', { name: 'Promo codes' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();

  const create = page.getByRole('form', { name: 'New promo code' });
  await create.getByLabel('Code').fill(code.toLowerCase());
  await create.getByLabel("Percent or so'm").fill('10');
  await create.getByRole('button', { name: 'Create' }).click();
  const row = page.getByTestId('promo-list').getByRole('listitem').filter({ hasText: code });
  await expect(row).toContainText('Percent off');
  await expect(row).toContainText('Used 0 of ∞');
  await closeToasts(page);

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: `Edit promo code ${code}` });
  await expect(edit.getByLabel('Code')).toHaveValue(code);
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole('checkbox', { name: 'Office' }).check();
  await edit.getByLabel('Minimum goods total').fill('1000000');
  await edit.getByLabel('Uses at most').fill('50');
  // A window that ends before it starts is refused in the form, in words, and nothing is saved.
  await edit.getByLabel('Valid from').fill(days(30));
  await edit.getByLabel('Valid until').fill(days(10));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('The end date is before the start date.')).toBeVisible();
  await edit.getByLabel('Valid from').fill(days(0));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Used 0 of 50');
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('a shopper tries a wrong code, applies the right one and the order keeps the discount', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  // The cabinet (office, 1 650 000) is in the code's category; the chair (school, 320 000) is not.
  await addToCart(page, await findProductId(request, token, 'Metall hujjat shkafi'), 'Grey');
  await addToCart(page, await findProductId(request, token, "O'quvchi stuli"), 'Green');
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Full name').fill('Nodira Qodirova');
  await dialog.getByLabel('Phone number').fill(uniquePhone().slice(4));
  await expect(dialog.getByTestId('checkout-total')).toHaveText("1 970 000 so'm");

  await dialog.getByTestId('promo-code').fill('NOSUCH1');
  await dialog.getByTestId('promo-apply').click();
  await expect(dialog.getByTestId('promo-reason')).toHaveText('There is no such promo code.');
  await expect(dialog.getByTestId('promo-line')).toHaveCount(0);
  await expect(dialog.getByTestId('checkout-total')).toHaveText("1 970 000 so'm");

  // Typed in small letters: codes do not mind case. 10 % of the cabinet only.
  await dialog.getByTestId('promo-code').fill(code.toLowerCase());
  await dialog.getByTestId('promo-apply').click();
  await expect(dialog.getByTestId('promo-reason')).toHaveCount(0);
  const totals = dialog.getByTestId('checkout-totals');
  await expect(totals.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(dialog.getByTestId('promo-line')).toHaveText("−165 000 so'm");
  await expect(dialog.getByTestId('checkout-total')).toHaveText("1 805 000 so'm");

  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}&key=/);
  await expect(page.getByTestId('order-promo')).toContainText(`Promo code ${code}`);
  await expect(page.getByTestId('order-promo')).toContainText("−165 000 so'm");
  await expect(page.getByTestId('order-total')).toHaveText("1 805 000 so'm");

  // Staff see the use counted against the code and the discount it gave.
  const list = await request.get('/api/promo-codes', { headers: { Authorization: `Bearer ${token}` } });
  const stored = ((await list.json()) as { docs: { code: string; uses: number; discountTotal: number }[] })
    .docs;
  expect(stored.find((each) => each.code === code)).toMatchObject({ uses: 1, discountTotal: 165_000 });
});

async function addToCart(page: Page, productId: string, colour: string) {
  await page.goto(`/product/${productId}`);
  await page.getByText(colour, { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
}
