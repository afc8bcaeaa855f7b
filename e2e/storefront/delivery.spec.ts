import { ADMIN, expect, expectNoSeriousA11yViolations, loginAs, test, uniquePhone } from '../fixtures';

const PHONE = { width: 390, height: 844 };

test.describe('delivery on a phone', () => {
  test('choose a region, see the date and fee, order with delivery and assembly, find it on the run sheet', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const found = await request.get('/api/products?search=Office%20desk%20with%20drawers');
    const desk = ((await found.json()) as { docs: { _id: string; assemblyPrice: number }[] }).docs[0]!;
    expect(desk.assemblyPrice).toBeGreaterThan(0);

    // The product page quotes delivery to the shopper's region, chosen once and remembered.
    await page.goto(`/product/${desk._id}`);
    const estimate = page.getByTestId('delivery-estimate');
    await expect(estimate).toContainText("50 000 so'm");
    await expect(estimate).toContainText(/from \w{3} \d{1,2}, /);
    await estimate.getByRole('combobox').selectOption({ label: 'Samarkand region' });
    await expect(estimate).toContainText("300 000 so'm");
    await expect(page.getByText(/Assembly at your home: 200 000 so'm per piece/)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('delivery-estimate').getByRole('combobox')).toHaveValue('samarkand');
    await expectNoSeriousA11yViolations(page);

    await page.getByText('White', { exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: /Cart, 1 item/ }).click();
    await expect(page.getByTestId('delivery-estimate')).toContainText("300 000 so'm");

    // Checkout: a courier to the door, with the landmark, floor, a day and slot, and assembly.
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByLabel('Full name').fill('Dilnoza Yusupova');
    await dialog.getByLabel('Phone number').fill(uniquePhone().slice(4));
    await expect(dialog.getByLabel('Street')).toHaveCount(0);
    await dialog.getByText('Courier to the door').click();
    await expect(dialog.getByLabel('Region')).toHaveValue('samarkand');
    await dialog.getByLabel('Street').fill('Registon koʻchasi');
    await dialog.getByLabel('House').fill('7');
    await dialog.getByLabel('Apartment').fill('12');
    await dialog.getByLabel('Landmark').fill('Registon maydoni yonida');
    await dialog.getByLabel('Floor').fill('3');
    await dialog.getByText('Assemble the furniture at my home').click();
    const day = await dialog.getByLabel('Delivery day').inputValue();
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const slot = dialog.getByRole('radio', { name: '09-13' });
    await slot.check();
    const totals = dialog.getByTestId('checkout-totals');
    await expect(totals).toContainText("2 150 000 so'm");
    await expect(totals).toContainText("300 000 so'm");
    await expect(totals).toContainText("200 000 so'm");
    await expect(totals).toContainText("30 000 so'm");
    await expect(dialog.getByTestId('checkout-total')).toHaveText("2 680 000 so'm");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/screenshots/checkout-delivery-390.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Place order' }).click();
    // The order's link shows the delivery too (decision 020).
    await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}&key=/);
    await expect(page.getByText('09-13').first()).toBeVisible();
    const orderNumber = (await page.getByTestId('order-number').textContent())!;

    // Staff find it on the day's Deliveries, with the landmark and the cash to collect.
    await loginAs(page, ADMIN.phone, ADMIN.password);
    await page.goto('/admin/deliveries');
    await page.getByLabel('Day').fill(day);
    const morning = page.getByRole('region', { name: '09-13' });
    await expect(morning.getByText(orderNumber, { exact: false })).toBeVisible();
    await expect(morning.getByText('Samarkand region')).toBeVisible();
    await expect(morning.getByText('Registon maydoni yonida')).toBeVisible();
    await expect(morning.getByText("Collect 2 680 000 so'm")).toBeVisible();
    await expect(morning.getByText('Assemble', { exact: false }).first()).toBeVisible();

    // The printed run sheet: an A4-wide page with the content alone.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Back office sections' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print run sheet' })).toBeHidden();
    await page.screenshot({ path: 'test-results/screenshots/run-sheet.png', fullPage: true });
  });
});
