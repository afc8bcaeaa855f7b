import { ADMIN, apiLogin, expect, orderNumber, test, uniquePhone, waitForHydration } from '../fixtures';
import {
  closeToasts,
  dayInput,
  findProductId,
  pngFile,
  productStock,
  signInToBackOffice,
} from './admin-helpers';

/**
 * The shop owner's day in the back office, in order: one product goes through create,
 * storefront, order, dashboard, line edit, notes, status, cancel, delete and restore.
 */
test.describe.configure({ mode: 'serial' });

const runId = Date.now().toString(36);
const productName = `E2E Desk ${runId}`;
const shopper = { name: 'Shahzoda Yusupova', phone: uniquePhone() };
const manager = { name: `Manager ${runId}`, phone: uniquePhone(), password: 'manager123' };
let productId = '';
let orderId = '';

test('admin creates a product with two images and a dated discount; the storefront shows the discounted price', async ({
  page,
  request,
}) => {
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.getByRole('link', { name: 'Products' }).first().click();
  await page.getByRole('button', { name: 'Add new product' }).click();
  await expect(page).toHaveURL(/action=create/);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName);
  await page.getByLabel(/^Price/).fill('200000');
  await page.getByLabel('Category').selectOption('office');
  await page.getByLabel('Stock').fill('5');
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('A sturdy oak desk made for the end-to-end test.');
  await page.getByRole('checkbox', { name: 'White' }).check();
  await page.getByRole('checkbox', { name: 'Black' }).check();
  await page.getByRole('checkbox', { name: 'Mark as new product' }).check();
  await page.getByRole('switch', { name: 'This product is discounted' }).check();
  await page.getByLabel('Discount type').selectOption('percentage');
  await page.getByLabel('Discount (%)').fill('10');
  const today = new Date();
  const inAWeek = new Date(today);
  inAWeek.setDate(today.getDate() + 7);
  await page.getByLabel('Start date').fill(dayInput(today));
  await page.getByLabel('End date').fill(dayInput(inAWeek));
  await page
    .getByLabel('Images')
    .setInputFiles([
      await pngFile('desk-front.png', { r: 180, g: 120, b: 60 }),
      await pngFile('desk-side.png', { r: 90, g: 60, b: 30 }),
    ]);
  await expect(page.getByRole('button', { name: 'Remove desk-front.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove desk-side.png' })).toBeVisible();
  await expect(page.getByTestId('discount-preview')).toContainText("180 000 so'm");
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(page).not.toHaveURL(/action=create/);
  await page.getByLabel('Search').fill(productName);
  const row = page.getByRole('row', { name: new RegExp(productName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("180 000 so'm");
  await expect(row).toContainText("200 000 so'm");

  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  productId = await findProductId(request, token, productName);
  const stored = (await (await request.get(`/api/products/${productId}`)).json()) as {
    productImages: string[];
    discountedPrice: number;
    color: string[];
    isNewProduct: boolean;
  };
  expect(stored.productImages).toHaveLength(2);
  expect(stored.discountedPrice).toBe(180_000);
  expect(stored.color).toEqual(['oq', 'qora']);
  expect(stored.isNewProduct).toBe(true);

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  await expect(page.getByText("180 000 so'm").first()).toBeVisible();
  await expect(page.getByText("200 000 so'm").first()).toBeVisible();
});

test('a shopper orders it; the dashboard new-orders count rises and links to the new orders', async ({
  page,
  request,
}) => {
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  const newCard = page.getByTestId('dashboard-count-newOrders');
  await expect(newCard.getByTestId('count-value')).toHaveText(/^\d+$/);
  const before = Number(await newCard.getByTestId('count-value').textContent());

  const placed = await request.post('/api/orders', {
    data: {
      customerName: shopper.name,
      phoneNumber: shopper.phone,
      items: [{ productId, quantity: 1, color: 'oq', price: 180000 }],
      totalAmount: 180000,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  orderId = ((await placed.json()) as { _id: string })._id;

  await page.reload();
  await expect(newCard.getByTestId('count-value')).toHaveText(String(before + 1));
  await newCard.click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=new$/);
  await expect(page.getByRole('button', { name: 'Remove filter: Status: New' })).toBeVisible();
  const row = page.getByTestId(`order-row-${orderId}`);
  await expect(row).toContainText(orderNumber(orderId));
  await expect(row).toContainText(shopper.name);
  await expect(row).toContainText("180 000 so'm");
  // Every listed order is new.
  const badges = page.locator('[data-testid^="order-row-"] [data-status]');
  for (const status of await badges.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')))) {
    expect(status).toBe('new');
  }
});

test('staff edits a line, writes a note, sets ordered then cancelled, and the stock comes back', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  expect(await productStock(request, token, productId)).toBe(4);

  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/orders');
  await page.getByLabel('Phone number').fill(shopper.phone);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: `Remove filter: Phone: ${shopper.phone}` })).toBeVisible();
  await page.getByRole('button', { name: `View order ${orderNumber(orderId)}` }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: `Order ${orderNumber(orderId)}` })).toBeVisible();
  await expect(modal).toContainText(shopper.phone);
  await expect(modal.getByTestId('order-line-0')).toContainText(productId.slice(-6));

  // Line edit: quantity 2 at 170 000 so'm each.
  await modal.getByRole('button', { name: `Edit ${productName}` }).click();
  await modal.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await modal.getByRole('spinbutton', { name: 'Discounted price' }).fill('170000');
  await expect(modal.getByTestId('order-total')).toHaveText("340 000 so'm");
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(modal.getByTestId('order-savings')).toContainText("60 000 so'm");
  await expect(page.getByTestId(`order-row-${orderId}`)).toContainText("340 000 so'm");
  expect(await productStock(request, token, productId)).toBe(3);

  await modal.getByLabel('Notes').fill('Call the customer before delivery.');
  await modal.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes updated')).toBeVisible();

  await modal.getByRole('button', { name: 'Ordered' }).click();
  await expect(page.getByText('Order status updated').first()).toBeVisible();
  await expect(modal.getByTestId('order-detail-status')).toHaveText('Ordered');
  await expect(modal.getByRole('button', { name: 'Ordered' })).toBeDisabled();
  await expect(page.getByTestId(`order-row-${orderId}`)).toContainText('Ordered');

  await modal.getByRole('button', { name: 'Cancelled' }).click();
  await expect(modal.getByTestId('order-detail-status')).toHaveText('Cancelled');
  await expect(page.getByTestId(`order-row-${orderId}`)).toContainText('Cancelled');
  await expect.poll(() => productStock(request, token, productId)).toBe(5);

  const stored = (await (
    await request.get('/api/orders', {
      params: { phoneNumber: shopper.phone },
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { docs: { notes: string; total: number; status: string }[] };
  expect(stored.docs[0]).toMatchObject({
    notes: 'Call the customer before delivery.',
    total: 340_000,
    status: 'cancelled',
  });
});

test('soft delete hides the product from the storefront and restore brings it back', async ({
  page,
  request,
}) => {
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/products');
  await page.getByLabel('Search').fill(productName);
  const row = page.getByTestId(`product-row-${productId}`);
  await row.getByRole('button', { name: `Delete ${productName}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(productName);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible();
  await expect(row).toContainText('Deleted');

  const publicList = async () =>
    (
      (await (await request.get('/api/products', { params: { search: productName } })).json()) as {
        docs: unknown[];
      }
    ).docs.length;
  expect(await publicList()).toBe(0);
  await page.goto(`/products?search=${encodeURIComponent(productName)}`);
  await expect(page.getByRole('link', { name: new RegExp(productName) })).toHaveCount(0);

  await page.goto('/admin/products');
  await page.getByLabel('Deleted', { exact: true }).selectOption('true');
  await expect(page.getByRole('button', { name: /Remove filter: Deleted only/ })).toBeVisible();
  await page.getByLabel('Search').fill(productName);
  await page.getByRole('button', { name: `Restore ${productName}` }).click();
  await expect(page.getByText('Product restored successfully')).toBeVisible();
  expect(await publicList()).toBe(1);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
});

test('admin creates a manager; the manager runs products and orders but cannot create users', async ({
  page,
  browser,
  request,
}) => {
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Full name').fill(manager.name);
  await modal.getByLabel('Phone number').fill(manager.phone);
  await modal.getByLabel('Role').selectOption('manager');
  await modal.getByLabel(/^Password/).fill(manager.password);
  await modal.getByLabel('Confirm password').fill('different1');
  await modal.getByRole('button', { name: 'Create user' }).click();
  await expect(modal.getByText('Passwords do not match')).toBeVisible();
  await modal.getByLabel('Confirm password').fill(manager.password);
  await modal.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  const managerRow = page.getByRole('row', { name: new RegExp(manager.name) });
  await expect(managerRow).toContainText('Manager');
  await expect(managerRow).toContainText('Never');

  // The manager, in a separate browser session.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  const managerPage = waitForHydration(await context.newPage());
  await signInToBackOffice(managerPage, manager.phone, manager.password);

  await managerPage.goto('/admin/users');
  await expect(managerPage.getByTestId('users-read-only')).toBeVisible();
  await expect(managerPage.getByRole('button', { name: 'Add user' })).toHaveCount(0);
  await expect(managerPage.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  const managerToken = await apiLogin(request, manager.phone, manager.password);
  const refused = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${managerToken}` },
    data: { fullName: 'Nope', phoneNumber: uniquePhone(), password: 'secret12', role: 'admin' },
  });
  expect(refused.status()).toBe(403);

  // Products: edit the stock of the test product.
  await managerPage.goto(`/admin/products?action=edit&id=${productId}`);
  await expect(managerPage.getByRole('heading', { name: 'Edit product' })).toBeVisible();
  await expect(managerPage.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(productName);
  await managerPage.getByLabel('Stock').fill('7');
  await managerPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(managerPage.getByText('Product updated successfully')).toBeVisible();
  const adminToken = await apiLogin(request, ADMIN.phone, ADMIN.password);
  expect(await productStock(request, adminToken, productId)).toBe(7);

  // Orders: move the cancelled order back to new (takes stock again).
  await managerPage.goto('/admin/orders?status=cancelled');
  await managerPage.getByRole('button', { name: `View order ${orderNumber(orderId)}` }).click();
  await managerPage.getByRole('dialog').getByRole('button', { name: 'New', exact: true }).click();
  await expect(managerPage.getByText('Order status updated')).toBeVisible();
  await expect.poll(() => productStock(request, adminToken, productId)).toBe(5);
  await context.close();
  await closeToasts(page);
});
