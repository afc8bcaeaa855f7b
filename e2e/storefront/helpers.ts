import type { Page, TestInfo } from '@playwright/test';
import { expect } from '../fixtures';

export const SCREENSHOT_DIR = 'test-results/screenshots';

/** Saves a full-page screenshot under test-results/screenshots and attaches it to the report. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const path = `${SCREENSHOT_DIR}/${name}.png`;
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export async function waitForProducts(page: Page): Promise<void> {
  await expect(
    page
      .getByRole('region', { name: /Products|Товары|Mahsulotlar/ })
      .locator('article')
      .first(),
  ).toBeVisible();
}

export const toast = (page: Page) => page.locator('.Toastify__toast');
