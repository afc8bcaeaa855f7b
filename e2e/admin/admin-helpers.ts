import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginAs } from '../fixtures';

export const SCREENSHOT_DIR = 'test-results/screenshots';

/** A small solid-colour PNG made in the test, so no image files live in the repo for this. */
export async function pngFile(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Local calendar day `YYYY-MM-DD`, as `<input type="date">` takes it. */
export function dayInput(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

export async function productStock(request: APIRequestContext, token: string, id: string): Promise<number> {
  const response = await request.get(`/api/products/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { stock: number }).stock;
}

export async function findProductId(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string> {
  const response = await request.get('/api/products', {
    params: { search: name, status: 'all', isDeleted: 'all', limit: 5 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { docs: { _id: string; name: string }[] };
  const found = body.docs.find((product) => product.name === name);
  expect(found, `product ${name}`).toBeTruthy();
  return found!._id;
}

/** Full-page screenshots of the current route at 375 px and 1280 px. */
export async function screenshotBoth(page: Page, name: string, prepare?: () => Promise<void>) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    if (prepare) await prepare();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}

export async function closeToasts(page: Page) {
  // Toasts sit over the page's top-right corner; wait for them so screenshots and clicks are clean.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 8000 });
}

/** Signs in through the login form; staff land on the back office's dashboard. */
export async function signInToBackOffice(page: Page, phone: string, password: string) {
  await loginAs(page, phone, password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard|Bosh panel|Обзор/ })).toBeVisible();
}

/** A noisy photo-like JPEG well over the 500 KB compression threshold. */
export async function largeJpegFile(name: string, width = 1200, height = 900) {
  const buffer = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 98 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
