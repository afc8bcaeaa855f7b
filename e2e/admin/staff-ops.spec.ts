import { readFile } from 'node:fs/promises';
import { ADMIN, apiLogin, expect, test, uniquePhone, waitForHydration } from '../fixtures';
import { findProductId, signInToBackOffice } from './admin-helpers';

/**
 * Staff operations (decision 013): an admin changes a price, downloads the orders the list shows,
 * and finds the change, old and new price, on the audit screen; a manager is refused the audit log.
 */
test.describe.configure({ mode: 'serial' });

const runId = Date.now().toString(36);

test('admin changes a price, downloads the export, and sees old → new price in the audit log', async ({
  page,
  request,
}) => {
  // Several screens and two downloads: longer than one page's budget on a busy machine.
  test.setTimeout(150_000);
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const auth = { Authorization: `Bearer ${token}` };
  // A product of its own and an order of it, so the export has a known line.
  const productName = `Audit chair ${runId}`;
  const created = await request.post('/api/products', {
    headers: auth,
    multipart: {
      name: productName,
      description: 'A chair for the audit journey',
      price: '300000',
      category: 'office',
      stock: '10',
      color: 'oq',
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = await findProductId(request, token, productName);
  const customer = `Audit Shopper ${runId}`;
  const placed = await request.post('/api/orders', {
    data: {
      customerName: customer,
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity: 2, color: 'oq' }],
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;

  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto(`/admin/products?action=edit&id=${productId}`);
  await expect(page.getByRole('heading', { name: 'Edit product' })).toBeVisible();
  await page.getByLabel(/^Price/).fill('345000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();

  // The export downloads what the filters show: today's new orders.
  const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
  await page.goto(`/admin/orders?status=new&startDate=${today}&endDate=${today}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Order number;Date and time (Tashkent);Status;Payment;Customer;Phone;Product');
  const line = csv.split('\r\n').find((row) => row.includes(customer));
  expect(line).toContain(`${productName};oq;2;300000;600000;600000`);
  expect(line).toContain(';New;');

  const excel = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  expect((await excel).suggestedFilename()).toMatch(/\.xlsx$/);

  // The back-office link a Telegram alert carries opens that order.
  await page.goto(`/admin/orders?order=${orderId}`);
  await expect(page.getByRole('dialog')).toContainText(customer);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Telegram alerts' })).toBeVisible();
  await page.getByLabel('Record').selectOption('product');
  await page.getByLabel('Action').selectOption('update');
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.locator('tr', { hasText: productId.slice(-8) }).first();
  await expect(row).toContainText('Changed');
  await expect(row).toContainText(/Price:\s*300 000 so'm\s*→\s*345 000 so'm/);
  await expect(row).toContainText('Admin');
});

test('a manager gets 403 from the audit log and does not see it in the menu', async ({
  request,
  browser,
}) => {
  const adminToken = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const manager = { phone: uniquePhone(), password: 'manager123' };
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      fullName: `Audit Manager ${runId}`,
      phoneNumber: manager.phone,
      password: manager.password,
      role: 'manager',
    },
  });
  expect(created.status()).toBe(201);
  const managerToken = await apiLogin(request, manager.phone, manager.password);
  const refused = await request.get('/api/audit', { headers: { Authorization: `Bearer ${managerToken}` } });
  expect(refused.status()).toBe(403);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  const managerPage = waitForHydration(await context.newPage());
  await signInToBackOffice(managerPage, manager.phone, manager.password);
  await expect(managerPage.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await managerPage.goto('/admin/audit');
  await expect(managerPage.getByText('Only admins and the CEO may see the audit log.')).toBeVisible();
  await context.close();
});
