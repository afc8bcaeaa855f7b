import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { formatSom } from '@shop/common';
import { ADMIN, apiLogin, expect, test } from '../fixtures';
import { signInToBackOffice } from './admin-helpers';

/**
 * The catalogue through a spreadsheet: staff export it, change a price in the file, see the change
 * in the check, apply it and find the product at its new price; a broken file shows its errors.
 */
test.describe.configure({ mode: 'serial' });
// An export, two imports and the pages between them: more than a minute on a busy machine.
test.setTimeout(180_000);

/** A CSV cell as the export writes them: quoted when it holds a separator, quote or line break. */
const cell = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const csvFile = (rows: string[][]) =>
  Buffer.from(`\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}`);

test('export, change a price in the file, check, apply: the product has its new price', async ({
  page,
  request,
}) => {
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/products');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows: string[][] = parse(await readFile((await download.path())!), { bom: true, delimiter: ';' });
  const [header, ...data] = rows;
  const column = (name: string) => header!.indexOf(name);
  // A product without variants: no option value on its row.
  const options = header!.filter((title) => title.startsWith('option_')).map(column);
  const row = data.find(
    (cells) => options.every((index) => cells[index] === '') && cells[column('status')] === 'active',
  )!;
  const productId = row[column('product')]!;
  const newPrice = Number(row[column('price')]) + 12_000;
  row[column('price')] = String(newPrice);
  // The discounted price, if any, must stay below the price: drop it.
  row[column('discounted_price')] = '';

  await page.getByRole('link', { name: 'Import from a spreadsheet' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import products from a spreadsheet' }),
  ).toBeVisible();
  await page.getByLabel(/^Spreadsheet/).setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: csvFile([header!, ...data]),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText(`New: 0 · changed: 1 · unchanged: ${data.length - 1}`)).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Imported. New: 0 · changed: 1 · unchanged: ${data.length - 1}`)).toBeVisible({
    timeout: 60_000,
  });

  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const product = await request.get(`/api/products/${productId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await product.json()).price).toBe(newPrice);
  await page.goto(`/product/${productId}`);
  await expect(page.locator('main')).toContainText(formatSom(newPrice, 'en'));
});

test('a broken file shows its errors by row and column, and offers no Apply', async ({ page }) => {
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/products/import');
  const header = ['sku', 'name_uz', 'description_uz', 'category', 'price', 'made_to_order'];
  await page.getByLabel(/^Spreadsheet/).setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: csvFile([
      header,
      ['ABCDEF01', 'Stol', 'Yaxshi stol', 'office', 'cheap', ''],
      ['ABCDEF01', 'Stol', 'Yaxshi stol', 'office', '100000', ''],
    ]),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const table = page.getByRole('table', { name: /errors?: fix/ });
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(table.getByRole('row').filter({ hasText: 'price' })).toContainText('2');
  await expect(table).toContainText('This sku is on an earlier row too');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
});
