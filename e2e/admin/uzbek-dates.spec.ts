import { ADMIN, expect, test, uniquePhone } from '../fixtures';
import { signInToBackOffice } from './admin-helpers';

// Chromium carries no Uzbek calendar data: Intl wrote "2026 M11 26" there. The shop's own month
// names must show on every staff screen with a date (docs/decisions/021).
const MONTH = '(yanvar|fevral|mart|aprel|may|iyun|iyul|avgust|sentabr|oktabr|noyabr|dekabr)';
const DATE_TIME = new RegExp(`\\d{1,2}-${MONTH} \\d{4}, \\d{2}:\\d{2}`);
const AXIS_DAY = new RegExp(`^\\d{1,2}-${MONTH}$`);
const ICU_FALLBACK = /\bM\d{1,2}\b/;

test.use({ storefrontLanguage: 'uz' });

test('the Uzbek back office writes dates with Uzbek month names', async ({ page, request }) => {
  const list = await request.get('/api/products?limit=50');
  const { docs } = (await list.json()) as { docs: { _id: string; color: string[]; stock: number }[] };
  const product = docs.find((doc) => doc.stock > 0)!;
  const customerName = 'Sana Tekshiruvchi';
  const placed = await request.post('/api/orders', {
    data: {
      customerName,
      phoneNumber: uniquePhone(),
      items: [{ productId: product._id, quantity: 1, color: product.color[0] ?? '' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  const axis = page.locator('figure svg text[text-anchor="middle"]');
  await expect(axis.first()).toBeVisible();
  for (const label of await axis.allTextContents()) expect(label).toMatch(AXIS_DAY);

  await page.goto('/admin/orders');
  const row = page.getByRole('row', { name: new RegExp(customerName) });
  await expect(row).toContainText(DATE_TIME);
  await expect(page.locator('main')).not.toContainText(ICU_FALLBACK);

  await row.getByRole('button').first().click();
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(DATE_TIME);
  await expect(detail).not.toContainText(ICU_FALLBACK);
  await page.keyboard.press('Escape');

  await page.goto('/admin/users');
  await expect(page.locator('main')).toContainText(DATE_TIME);
  await expect(page.locator('main')).not.toContainText(ICU_FALLBACK);
});
