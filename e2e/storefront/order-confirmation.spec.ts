import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { openOrdersWithCode } from '../sms';
import { SCREENSHOT_DIR } from './helpers';

/*
 * A guest's order on a 390 px phone: checkout lands on the order's own link, which survives a
 * reload and opens nothing without its key; the order lookup shows cards that fit the screen.
 * Screenshots of both, in Uzbek and Russian, go to test-results/screenshots (copies of one run are
 * kept in docs/screenshots; a run does not rewrite them, so it leaves the checkout clean).
 */
const PHONE_VIEWPORT = { width: 390, height: 844 };
const LINK = /\/order-confirmation\?order=([0-9a-f]{24})&key=([A-Za-z0-9_-]{22})$/;

async function orderAsGuest(page: Page, request: import('@playwright/test').APIRequestContext) {
  const found = await request.get('/api/products?search=kreslo&limit=1');
  const chair = ((await found.json()) as { docs: { _id: string }[] }).docs[0]!;
  await page.goto(`/product/${chair._id}`);
  await page.getByText('Black', { exact: true }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Full name').fill('Mehmon Xaridor');
  const phone = uniquePhone();
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  return phone;
}

/** The language the next page load renders in: the app's stored choice and the server's cookie. */
async function switchLanguage(page: Page, language: 'uz' | 'ru', baseURL: string) {
  await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** One line: an inline element has one box per line it occupies. */
const lineBoxes = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((element) => element.getClientRects().length);

test('a guest on a phone lands on the order’s link, which survives a reload and needs its key', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  const phone = await orderAsGuest(page, request);

  await expect(page).toHaveURL(LINK);
  const [, orderId, orderKey] = LINK.exec(page.url())!;
  const number = `#${orderId!.slice(-6).toUpperCase()}`;
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('confirmation-lines')).toContainText('Ergonomic office chair');
  await expect(page.getByTestId('confirmation-lines')).toContainText('2 pcs');
  await expect(page.getByTestId('payment-status')).toHaveText('Not paid');
  await expect(page.getByTestId('order-status')).toHaveText('New');
  await expect(page.getByRole('link', { name: 'My orders' }).last()).toHaveAttribute('href', '/portfolio');
  expect(await sideways(page)).toBe(0);
  await expectNoSeriousA11yViolations(page);

  // The link is all it takes: a reload, or the link opened afresh, shows the same order.
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('confirmation-lines')).toContainText('Ergonomic office chair');

  // Without its key, or with another, the order is not found (and its existence not told).
  await page.goto(`/order-confirmation?order=${orderId}`);
  await expect(page.getByRole('alert')).toHaveText('We could not find this order. Please check the link.');
  await expect(page.getByTestId('order-number')).toHaveCount(0);
  const wrongKey = `${orderKey!.slice(0, -1)}${orderKey!.endsWith('A') ? 'B' : 'A'}`;
  await page.goto(`/order-confirmation?order=${orderId}&key=${wrongKey}`);
  await expect(page.getByRole('alert')).toBeVisible();
  const api = await request.get(`/api/orders/${orderId}`);
  expect(api.status()).toBe(404);

  // Back with the key, in Uzbek and in Russian: the page and the order lookup's cards.
  for (const [language, title, lookupTitle] of [
    ['uz', 'Buyurtma tasdiqlandi!', /Buyurtmalar tarixi/],
    ['ru', 'Заказ подтверждён!', /История заказов/],
  ] as const) {
    await switchLanguage(page, language, baseURL!);
    await page.goto(`/order-confirmation?order=${orderId}&key=${orderKey}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    expect(await sideways(page)).toBe(0);
    expect(await lineBoxes(page, 'order-total')).toBe(1);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/order-confirmation-390-${language}.png` });

    await page.goto('/portfolio');
    // The lookup by phone asks for the code sent by SMS, unless this browser already gave it.
    const find = page.getByRole('button', { name: /Buyurtmalarni topish|Найти заказы/ });
    const card = page.getByTestId('order-card').filter({ hasText: number });
    // Waits for one or the other, so a slow page is not taken for one that needs no code.
    await expect(find.or(card)).toBeVisible();
    if (await find.isVisible()) await openOrdersWithCode(page, test.info(), phone);
    await expect(page.getByRole('heading', { name: lookupTitle })).toBeVisible();
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    expect(await sideways(page)).toBe(0);
    // The total keeps its digits and currency on one line, and the card fits inside the screen.
    expect(await lineBoxes(page, 'order-card-total')).toBe(1);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await expect(card.getByRole('button')).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/order-lookup-390-${language}.png` });
  }

  // A wide screen keeps the table.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('row', { name: new RegExp(number) })).toBeVisible();
  await expect(page.getByTestId('order-cards')).toBeHidden();
});
