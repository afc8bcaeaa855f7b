import { ADMIN, expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { signInToBackOffice } from './admin-helpers';

/** Staff record the cash taken for a cash order; the shopper's link then reads paid. */
test('staff record cash received, and the order reads paid for staff and for the shopper', async ({
  page,
  request,
}) => {
  const found = await request.get('/api/products?search=kreslo&limit=1');
  const chair = ((await found.json()) as { docs: { _id: string; price: number }[] }).docs[0]!;
  const placed = await request.post('/api/orders', {
    data: {
      customerName: 'Naqd Xaridor',
      phoneNumber: uniquePhone(),
      items: [{ productId: chair._id, quantity: 1, color: 'qora' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { _id: string; orderKey: string; total: number };

  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto(`/admin/orders?order=${order._id}`);
  const panel = page.getByRole('dialog').getByTestId('order-payment-panel');
  await expect(panel).toContainText('Not paid');
  await panel.getByRole('button', { name: 'Cash received' }).click();
  const confirm = panel.getByRole('group', { name: 'Record cash received' });
  await expect(confirm).toContainText('Did you receive');
  await expectNoSeriousA11yViolations(page, ['.Toastify']);
  await confirm.getByRole('button', { name: 'Yes, received' }).click();
  await expect(page.getByText('Cash payment recorded')).toBeVisible();
  await expect(panel).toContainText('Paid');
  await expect(panel.getByTestId('cash-received')).toContainText(/by .+, /);
  await expect(panel.getByRole('button', { name: 'Cash received' })).toHaveCount(0);

  const shopper = await request.get(`/api/orders/${order._id}?key=${order.orderKey}`);
  expect(((await shopper.json()) as { payment: { status: string } }).payment.status).toBe('paid');
});
