import { FakeUzumNasiya } from '../../server/src/test/fake-uzum-nasiya';
import { expect, test, uniquePhone } from '../fixtures';
import { enterCode } from '../sms';
import { UZUM_STAND_IN, UZUM_STAND_IN_PORT } from './uzum-stand-in';

let uzum: FakeUzumNasiya;
test.beforeAll(async () => {
  uzum = await new FakeUzumNasiya().start(UZUM_STAND_IN_PORT);
  expect(uzum.token).toBe(UZUM_STAND_IN.token);
});
test.afterAll(async () => {
  await uzum.stop();
});

test('a registered buyer pays monthly: the monthly price, their plan, the SMS code, paid', async ({
  page,
  request,
}, testInfo) => {
  const found = await request.get('/api/products?search=kreslo&limit=1');
  const chair = ((await found.json()) as { docs: { _id: string }[] }).docs[0]!;
  await page.goto(`/product/${chair._id}`);

  // The monthly price under the price, every term's total and overpayment one tap away.
  await expect(page.getByTestId('monthly-price')).toContainText(/^from .+\/month$/);
  await page.getByText('Instalment terms').click();
  await expect(page.getByTestId('instalment-terms')).toContainText('12 months:');
  await expect(page.getByTestId('instalment-terms')).toContainText('overpayment');

  await page.getByText('Black', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Full name').fill('Nodira Aliyeva');
  const phone = uniquePhone();
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog
    .getByRole('group', { name: 'Payment method' })
    .getByRole('radio', { name: /Uzum Nasiya/ })
    .check();

  // The phone is proven by the shop's SMS code first; then Uzum says the buyer is verified and
  // offers their own plans.
  await dialog.getByRole('button', { name: 'Check whether I can pay monthly' }).click();
  await enterCode(page, testInfo, phone);
  await dialog.getByRole('button', { name: 'Check with the code' }).click();
  const plans = dialog.getByRole('group', { name: 'Choose a plan' });
  await plans.getByRole('radio', { name: /^12 months:/ }).check();
  await dialog.getByRole('button', { name: 'Go to payment' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order=.+&key=.+&months=12$/);
  await page.getByRole('button', { name: 'Sign the 12-month contract' }).click();
  await expect(page.getByText('Uzum Nasiya has sent an SMS code')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment in progress');

  // A reload in the middle of signing keeps the contract: only the code is asked.
  await page.reload();
  await expect(page.getByText('Uzum Nasiya has sent an SMS code')).toBeVisible();
  await expect(page.getByRole('button', { name: /Sign the/ })).toHaveCount(0);

  await page.getByLabel('SMS code').fill('9999');
  await page.getByRole('button', { name: 'Sign and pay' }).click();
  await expect(page.getByText('That code is wrong.')).toBeVisible();

  await page.getByLabel('SMS code').fill(uzum.code);
  await page.getByRole('button', { name: 'Sign and pay' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('instalment-terms')).toContainText('12 months ×');
  expect(uzum.activations).toBe(1);
});

test('a link that lost its plan offers the plans again; the buyer signs there', async ({
  page,
  request,
}, testInfo) => {
  const found = await request.get('/api/products?search=kreslo&limit=1');
  const chair = ((await found.json()) as { docs: { _id: string }[] }).docs[0]!;
  await page.goto(`/product/${chair._id}`);
  await page.getByText('Black', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  const phone = uniquePhone();
  await dialog.getByLabel('Full name').fill('Nodira Aliyeva');
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog
    .getByRole('group', { name: 'Payment method' })
    .getByRole('radio', { name: /Uzum Nasiya/ })
    .check();
  await dialog.getByRole('button', { name: 'Check whether I can pay monthly' }).click();
  await enterCode(page, testInfo, phone);
  await dialog.getByRole('button', { name: 'Check with the code' }).click();
  await dialog
    .getByRole('group', { name: 'Choose a plan' })
    .getByRole('radio', { name: /^6 months:/ })
    .check();
  await dialog.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(/&months=6$/);

  await page.goto(page.url().replace(/&months=6$/, ''));
  await page.getByTestId('instalment-plans').getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Check whether I can pay monthly' }).click();
  await page
    .getByRole('group', { name: 'Choose a plan' })
    .getByRole('radio', { name: /^12 months:/ })
    .check();
  await page.getByRole('button', { name: 'Sign the 12-month contract' }).click();
  await page.getByLabel('SMS code').fill(uzum.code);
  await page.getByRole('button', { name: 'Sign and pay' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('instalment-terms')).toContainText('12 months ×');
});
