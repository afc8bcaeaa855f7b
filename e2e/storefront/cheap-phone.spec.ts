import { test, expect, type Page } from '@playwright/test';
import { ADMIN, HYDRATED } from '../fixtures';
import { codesSentTo, nextCode } from '../sms';

/** How most shoppers here reach the shop: a cheap phone (4× slower CPU) on 1.6 Mbit/s, 150 ms. */
async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * Holds the app's main file until `release()`: the taps then surely come before hydration, however
 * fast the machine (the app now loads beside the page, and a fast run could hydrate before them).
 */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/hydrate-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Marks the window: if the page reloads, the mark is gone. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { tapMark: 'kept' }));
const windowMark = (page: Page) => page.evaluate(() => (window as { tapMark?: string }).tapMark ?? null);
const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

test.describe('a cheap phone before the app is interactive', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
    await slowPhone(page);
  });

  test('a tap on add to cart is carried out once the app is ready, without a reload', async ({
    page,
    request,
  }) => {
    const listing = (await (await request.get('/api/products?limit=50')).json()) as {
      docs: { _id: string; color: string[]; stock: number }[];
    };
    const product = listing.docs.find((doc) => doc.color.length > 1 && doc.stock > 1)!;
    expect(product, 'a demo product with colours in stock').toBeTruthy();
    const release = await holdApp(page);
    await page.goto(`/product/${product._id}`, { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: 'Add to cart' });
    await add.waitFor();
    await markWindow(page);
    expect(await hydrated(page), 'the tap must come before hydration').toBe(false);
    // The colour is picked and the button tapped before hydration: both must count.
    await page.locator('fieldset label').nth(1).click();
    await add.click();
    release();
    await page.waitForSelector(HYDRATED, { state: 'attached', timeout: 30_000 });
    const cartItems = () =>
      page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('cartState') ?? '{}') as {
              items?: { quantity: number; selectedColor: string }[];
            }
          ).items ?? [],
      );
    await expect.poll(cartItems).toHaveLength(1);
    expect((await cartItems())[0]).toMatchObject({ quantity: 1, selectedColor: product.color[1] });
    expect(await windowMark(page)).toBe('kept');
  });

  test('a login typed and submitted before hydration signs in with what was typed', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const phone = page.locator('input[type="tel"]');
    await phone.waitFor();
    await markWindow(page);
    await phone.fill(ADMIN.phone);
    await page.locator('input[type="password"]').fill(ADMIN.password);
    expect(await hydrated(page), 'the submit must come before hydration').toBe(false);
    await page.locator('form button[type="submit"]').click();
    release();
    await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });
    expect(await windowMark(page)).toBe('kept');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toContain(ADMIN.phone);
  });

  test('an order lookup typed and submitted before hydration sends the code to that phone', async ({
    page,
    request,
  }, testInfo) => {
    // A number of its own: the code limits count per phone, and no other test asks for this one.
    const phone = '+998977770128';
    // A lookup code goes only to a phone with an account or an order: this one gets an order.
    const listing = (await (await request.get('/api/products?limit=50')).json()) as {
      docs: { _id: string; color: string[]; stock: number }[];
    };
    const product = listing.docs.find((doc) => doc.stock > 1)!;
    const placed = await request.post('/api/orders', {
      data: {
        customerName: 'Sekin Xaridor',
        phoneNumber: phone,
        items: [{ productId: product._id, quantity: 1, color: product.color[0] ?? '' }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const before = codesSentTo(testInfo, phone).length;
    const release = await holdApp(page);
    await page.goto('/portfolio', { waitUntil: 'commit' });
    const field = page.getByLabel('Phone number');
    await field.waitFor();
    await markWindow(page);
    await field.fill(phone);
    expect(await hydrated(page), 'the submit must come before hydration').toBe(false);
    await page.getByRole('button', { name: 'Find my orders' }).click();
    release();
    await nextCode(testInfo, phone, before);
    await expect(page.getByLabel('Code from the SMS')).toBeVisible({ timeout: 30_000 });
    expect(await windowMark(page)).toBe('kept');
  });

  test('on a phone, the menu tapped before hydration opens once ready, and its language takes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.waitFor();
    await markWindow(page);
    expect(await hydrated(page), 'the tap must come before hydration').toBe(false);
    await menu.click();
    release();
    const language = page.locator('#mobile-menu select');
    await expect(language).toBeVisible({ timeout: 30_000 });
    await language.selectOption('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    expect(await windowMark(page)).toBe('kept');
  });

  test('a page scrolled before hydration stays where the shopper scrolled it', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/products', { waitUntil: 'commit' });
    await page.locator('article').first().waitFor();
    expect(await hydrated(page), 'the scroll must come before hydration').toBe(false);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    release();
    await page.waitForFunction(() => performance.getEntriesByName('page-hydrated').length > 0, null, {
      timeout: 30_000,
    });
    // Thrown back to the top (0) before: the app's scroll-to-top ran for the first page too.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });
});

test('a stored language without a cookie replaces the server’s guess and sets the cookie', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'ru');
  });
  const response = await page.goto('/');
  // The server guessed from the browser's Accept-Language (no cookie yet).
  expect(await response!.text()).toContain('data-language="en"');
  await page.waitForSelector(HYDRATED, { state: 'attached' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('link', { name: 'Товары', exact: true }).first()).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('ru');
});
