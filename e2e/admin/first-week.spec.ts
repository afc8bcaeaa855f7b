import { ADMIN, expect, orderNumber, test, uniquePhone } from '../fixtures';
import { nextCode } from '../sms';
import type { Page } from '@playwright/test';
import { closeToasts, SCREENSHOT_DIR, signInToBackOffice } from './admin-helpers';

/** Full-page screenshots at a phone's (390 px) and a desktop's (1280 px) width. */
async function screenshotBoth(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The back office after decision 016: one order number, places kept in the URL, customers visible. */
test('staff find an order by number, keep their place, and see customers', async ({ page, request }) => {
  // Other journeys in this suite add products, some sold out: take one that is in stock.
  const list = await request.get('/api/products?limit=50');
  const { docs } = (await list.json()) as { docs: { _id: string; color: string[]; stock: number }[] };
  const product = docs.find((doc) => doc.stock > 0)!;
  const placed = await request.post('/api/orders', {
    data: {
      customerName: 'Raqam Izlovchi',
      phoneNumber: uniquePhone(),
      items: [{ productId: product._id, quantity: 1, color: product.color[0] ?? '' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;
  const customerPhone = uniquePhone();
  const asked = await request.post('/api/auth/codes', {
    data: { phoneNumber: customerPhone, purpose: 'signup' },
  });
  expect(asked.status()).toBe(202);
  const signUp = await request.post('/api/auth/signUp', {
    data: {
      fullName: 'Xaridor Mijoz',
      phoneNumber: customerPhone,
      password: 'secret1',
      code: await nextCode(test.info(), customerPhone, 0),
    },
  });
  expect(signUp.status()).toBe(201);

  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  const card = page.getByTestId('dashboard-count-products');
  await expect(card).toHaveAttribute('href', '/admin/products?status=active&isDeleted=false');
  await closeToasts(page);
  await screenshotBoth(page, 'issue16-dashboard');

  // The products page keeps its filters and page through an edit.
  await page.goto('/admin/products?category=school');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/products\?category=school$/);
  await screenshotBoth(page, 'issue16-products-filtered');

  // Orders: found by the number as the shopper reads it, typed without '#'.
  await page.goto('/admin/orders');
  await page.getByLabel('Order number').fill(orderNumber(orderId).slice(1).toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId(`order-row-${orderId}`)).toContainText(orderNumber(orderId));
  await expect(page.getByTestId(/^order-row-/)).toHaveCount(1);
  await screenshotBoth(page, 'issue16-orders-by-number');

  await page.goto('/admin/users?role=customer');
  await expect(page.getByRole('row', { name: /Xaridor Mijoz/ })).toBeVisible();
  await screenshotBoth(page, 'issue16-users-customers');
});
