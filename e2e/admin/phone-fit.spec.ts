import { ADMIN, expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import { signInToBackOffice } from './admin-helpers';

const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways: 0 when everything fits its width. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('on a 390 px phone', () => {
  test.use({ storefrontLanguage: 'ru' });

  test('delivery settings fit the screen; the tariffs table scrolls inside its own box', async ({ page }) => {
    await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/delivery-settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(15);
    expect(await sidewaysOverflow(page)).toBe(0);
    const box = table.locator('xpath=..');
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  });

  test('the delivery estimate says "в Ташкентскую область" in a finger-sized select', async ({
    page,
    request,
  }) => {
    const listed = await request.get('/api/products?limit=1');
    const { docs } = (await listed.json()) as { docs: { _id: string }[] };
    await page.setViewportSize(PHONE);
    await page.goto(`/product/${docs[0]!._id}`);
    const region = page.getByRole('combobox', { name: 'Доставка в' });
    await region.selectOption('tashkent');
    await expect(region.locator('option:checked')).toHaveText('Ташкентскую область');
    const height = (await region.boundingBox())!.height;
    expect(height).toBeGreaterThanOrEqual(44);
  });
});
