import { ADMIN, apiLogin, expect, test } from '../fixtures';
import { signInToBackOffice } from './admin-helpers';

/**
 * An owner turns a plain desk into one sold in two sizes: adds the option, generates the
 * variants, prices them, saves, and finds them again after a reload, with the list naming them.
 */
test('admin adds a size option, generates two variants, prices them and saves', async ({ page, request }) => {
  // Many fields typed on a machine the other suites share.
  test.slow();
  const runId = Date.now().toString(36);
  const productName = `E2E Variant Desk ${runId}`;
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      name: productName,
      description: 'A desk sold in two widths',
      price: '400000',
      category: 'office',
      stock: '3',
      color: 'oq',
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: productId } = (await created.json()) as { _id: string };

  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto(`/admin/products?action=edit&id=${productId}`);
  const variants = page.getByRole('region', { name: 'Variants' });
  await variants.getByRole('button', { name: 'Add option' }).click();
  const option = variants.getByRole('group', { name: 'Option 1' });
  await option.getByLabel('Code (e.g. size)').fill('size');
  await option.getByLabel('Name (UZ)').fill("O'lcham");
  await option.getByLabel('Name (EN)').fill('Width');
  await option.getByLabel("O'lcham: Value code").fill('120');
  await option.getByLabel("O'lcham 120: Label (UZ)").fill('120 sm');
  await option.getByRole('button', { name: 'Add value' }).click();
  await option.getByLabel("O'lcham: Value code").fill('140');
  await option.getByLabel("O'lcham 140: Label (UZ)").fill('140 sm');
  await variants.getByRole('button', { name: 'Generate combinations' }).click();

  await variants.getByLabel('120 sm: Price').fill('450000');
  await variants.getByLabel('120 sm: Stock').fill('5');
  await variants.getByLabel('140 sm: Price').fill('520000');
  await variants.getByLabel('140 sm: Stock').fill('2');
  await variants.getByRole('button', { name: 'Fill empty SKUs' }).click();
  const sku = (size: string) => `${productId.slice(0, 8).toUpperCase()}-${size}`;
  await expect(variants.getByLabel('140 sm: SKU')).toHaveValue(sku('140'));
  await variants.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByText('Variants saved')).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Variants' });
  await expect(reloaded.getByLabel('120 sm: Price')).toHaveValue('450000');
  await expect(reloaded.getByLabel('140 sm: Price')).toHaveValue('520000');
  await expect(reloaded.getByLabel('140 sm: Stock')).toHaveValue('2');
  await expect(reloaded.getByLabel('120 sm: SKU')).toHaveValue(sku('120'));
  // The product form shows the price and stock the variants make, read-only.
  const form = page.getByRole('form', { name: 'Edit product' });
  await expect(form.getByLabel(/^Price/)).toHaveValue('450000');
  await expect(form.getByLabel(/^Stock/)).toHaveValue('7');
  await expect(form.getByLabel(/^Price/)).toHaveAttribute('readonly', '');

  await page.goto(`/admin/products?search=${encodeURIComponent(productName)}`);
  const row = page.getByTestId(`product-row-${productId}`);
  await expect(row).toContainText('2 variants');
  await expect(row).toContainText('450 000');
  await expect(row).toContainText('520 000');
});
