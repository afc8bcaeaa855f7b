import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, expect, orderNumber, test, uniquePhone } from '../fixtures';
import { closeToasts, pngFile, signInToBackOffice } from './admin-helpers';

/**
 * Text that would run as script if a page put it into the DOM as HTML, stored through the API and
 * then shown on every page that displays it: storefront and back office. It runs on the back
 * office's server, whose catalogue the storefront journeys do not count.
 */
const runId = Date.now().toString(36);
const IMG_TAG = '<img src=x onerror="window.__xss=1">';
const SCRIPT_TAG = '<script>window.__xss=1</script>';
const productName = `${IMG_TAG} ${runId}`;
const description = `${SCRIPT_TAG} ${IMG_TAG}`;
const customerName = `${SCRIPT_TAG}${IMG_TAG}`;
const STORED_IMAGE = /^\/uploads\/products\/[0-9a-f]{32}\.png$/;

/**
 * The content security policy would block these inline scripts even if they reached the DOM, so
 * the flag alone proves little: the DOM itself must hold no element made from the stored text.
 */
async function expectNothingRan(page: Page, dialogs: string[]) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('product and order text holding HTML and script tags is shown literally and never runs', async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      name: productName,
      description,
      price: '150000',
      category: 'office',
      stock: '5',
      color: 'oq',
      productImages: await pngFile(`${IMG_TAG}.png`, { r: 120, g: 90, b: 60 }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { _id: string; name: string; productImages: string[] };
  expect(product.name).toBe(productName);
  // The uploaded file's name is the server's, never the one the client sent.
  expect(product.productImages).toEqual([expect.stringMatching(STORED_IMAGE)]);

  const phone = uniquePhone();
  const placed = await request.post('/api/orders', {
    data: { customerName, phoneNumber: phone, items: [{ productId: product._id, quantity: 1, color: 'oq' }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;

  await page.goto(`/products?search=${encodeURIComponent(runId)}`);
  await expect(page.getByText(productName)).toBeVisible();
  await expectNothingRan(page, dialogs);

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  await expectNothingRan(page, dialogs);

  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await closeToasts(page);
  await page.goto('/admin/products');
  await page.getByLabel('Search').fill(runId);
  await expect(page.getByRole('row', { name: new RegExp(runId) })).toContainText(productName);
  await expectNothingRan(page, dialogs);

  await page.goto('/admin/orders');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId(`order-row-${orderId}`)).toContainText(customerName);
  await expectNothingRan(page, dialogs);

  await page.getByRole('button', { name: `View order ${orderNumber(orderId)}` }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(customerName);
  await expect(details.getByTestId('order-line-0')).toContainText(productName);
  await expectNothingRan(page, dialogs);
});
