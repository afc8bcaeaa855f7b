import { expect, test } from '../fixtures';
import { snapshot, waitForProducts } from './helpers';

// Screenshots kept as test artifacts (linked from the README): home, listing, detail and cart.
for (const width of [375, 1280]) {
  test(`screenshots at ${width} px`, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'New arrivals' }).locator('article').first()).toBeVisible();
    await snapshot(page, testInfo, `home-${width}`);

    await page.goto('/products');
    await waitForProducts(page);
    await snapshot(page, testInfo, `listing-${width}`);

    const list = await request.get('/api/products?search=kreslosi&limit=1');
    const id = ((await list.json()) as { docs: { _id: string }[] }).docs[0]!._id;
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByText('Grey', { exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await snapshot(page, testInfo, `detail-${width}`);

    await page.goto('/cart');
    await expect(page.getByTestId('cart-total')).toBeVisible();
    await snapshot(page, testInfo, `cart-${width}`);
  });
}
