import sharp from 'sharp';
import { ADMIN, apiLogin, expect, expectNoSeriousA11yViolations, test } from '../fixtures';
import {
  closeToasts,
  findProductId,
  largeJpegFile,
  screenshotBoth,
  signInToBackOffice,
} from './admin-helpers';

/** Every staff page: axe-core clean at both widths, and screenshots at 375 px and 1280 px. */
test.describe('back-office pages', () => {
  test.beforeEach(async ({ page }) => {
    await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
    await closeToasts(page);
  });

  const check = async (page: import('@playwright/test').Page, name: string, ready: () => Promise<void>) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await ready();
      await expectNoSeriousA11yViolations(page);
    }
    await screenshotBoth(page, name, ready);
  };

  test('dashboard', async ({ page }) => {
    await check(page, 'dashboard', async () => {
      await expect(page.getByTestId('dashboard-count-products').getByTestId('count-value')).toHaveText(
        /^\d+$/,
      );
      await expect(page.getByRole('heading', { name: /Orders and revenue/ })).toBeVisible();
    });
  });

  test('products list and form', async ({ page }) => {
    // Three pages, each scanned by axe at two widths and photographed: over a minute on a busy machine.
    test.slow();
    await page.goto('/admin/products');
    await check(page, 'products', async () => {
      await expect(page.getByRole('table')).toBeVisible();
    });
    await page.goto('/admin/products?action=create');
    await check(page, 'product-create', async () => {
      await expect(page.getByRole('heading', { name: 'Add new product' })).toBeVisible();
    });
    await page.getByRole('switch', { name: 'This product is discounted' }).check();
    await check(page, 'product-create-discount', async () => {
      await expect(page.getByLabel('Discount type')).toBeVisible();
    });
  });

  test('large images are compressed in the browser with their dimensions kept; an image can be removed', async ({
    page,
    request,
  }) => {
    const big = await largeJpegFile('big-photo.jpg', 1200, 900);
    expect(big.buffer.length).toBeGreaterThan(500 * 1024);
    const name = `E2E Big image ${Date.now().toString(36)}`;
    await page.goto('/admin/products?action=create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Checks browser-side compression.');
    await page.getByLabel('Images').setInputFiles([big, await largeJpegFile('second.jpg', 320, 240)]);
    await expect(page.getByText('Images compressed successfully (dimensions preserved)')).toBeVisible({
      timeout: 45_000,
    });
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Product created successfully')).toBeVisible();

    const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
    const id = await findProductId(request, token, name);
    const product = (await (await request.get(`/api/products/${id}`)).json()) as { productImages: string[] };
    expect(product.productImages).toHaveLength(2);
    const stored = await request.get(product.productImages[0]!);
    const storedBytes = await stored.body();
    // Compressed in the browser (about 1 MB at most), with the photo's dimensions unchanged.
    expect(storedBytes.length).toBeLessThan(big.buffer.length);
    expect(storedBytes.length).toBeLessThanOrEqual(1.1 * 1024 * 1024);
    const meta = await sharp(storedBytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 900]);

    await page.goto(`/admin/products?action=edit&id=${id}`);
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Image deleted successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove image 2' })).toHaveCount(0);
    const after = (await (await request.get(`/api/products/${id}`)).json()) as { productImages: string[] };
    expect(after.productImages).toHaveLength(1);
  });

  test('orders list and detail', async ({ page, request }) => {
    const products = (await (await request.get('/api/products', { params: { limit: 50 } })).json()) as {
      docs: { _id: string; color: string[]; stock: number }[];
    };
    const product = products.docs.find((p) => p.color.length > 0 && p.stock > 0)!;
    const placed = await request.post('/api/orders', {
      data: {
        customerName: 'Bekzod Rahimov',
        phoneNumber: '+998935551122',
        items: [{ productId: product._id, quantity: 1, color: product.color[0] }],
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    await page.goto('/admin/orders');
    await check(page, 'orders', async () => {
      await expect(page.getByRole('table')).toBeVisible();
    });
    await page
      .getByRole('button', { name: /^View order/ })
      .first()
      .click();
    await check(page, 'order-detail', async () => {
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });

  test('users list and modals', async ({ page }) => {
    await page.goto('/admin/users');
    await check(page, 'users', async () => {
      await expect(page.getByRole('table')).toBeVisible();
    });
    await page.getByRole('button', { name: 'Add user' }).click();
    await check(page, 'user-create', async () => {
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });

  test('mobile menu and collapsed sidebar work from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('#admin-drawer');
    await expect(drawer.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await screenshotBoth(page, 'mobile-menu');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(drawer).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.getByRole('link', { name: 'Products', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible();
  });

  for (const [language, products, orders, desk] of [
    ['uz', 'Mahsulotlar', 'Buyurtmalar', 'Ikki kishilik maktab partasi'],
    ['ru', 'Товары', 'Заказы', 'Двухместная школьная парта'],
  ] as const) {
    test(`the back office speaks ${language}`, async ({ page, baseURL }) => {
      // The chosen language lives in the browser and in the cookie the server renders by (decision 010).
      await page.evaluate((lng) => window.localStorage.setItem('language', lng), language);
      await page.context().addCookies([{ name: 'language', value: language, url: baseURL! }]);
      await page.goto('/admin/products');
      await expect(page.getByRole('heading', { level: 1, name: products })).toBeVisible();
      await expect(page.getByRole('link', { name: orders })).toBeVisible();
      // Products are named in the staff member's language, as the storefront names them.
      await page.goto('/admin/products?search=parta');
      await expect(page.getByText(desk, { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshotBoth(page, `products-${language}`);
    });
  }
});
