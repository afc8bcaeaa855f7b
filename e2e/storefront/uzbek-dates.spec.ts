import { expect, test, uniquePhone } from '../fixtures';
import { openOrdersWithCode } from '../sms';

// Chromium carries no Uzbek calendar data (Intl wrote "2026 M11 26 01:13"); order lookup uses the
// shop's own month names (docs/decisions/021).
const MONTH = '(yanvar|fevral|mart|aprel|may|iyun|iyul|avgust|sentabr|oktabr|noyabr|dekabr)';
const DATE_TIME = new RegExp(`\\d{1,2}-${MONTH} \\d{4}, \\d{2}:\\d{2}`);

test.use({ storefrontLanguage: 'uz' });

test('order lookup in Uzbek writes the order date with an Uzbek month name', async ({ page, request }) => {
  const phone = uniquePhone();
  const list = await request.get('/api/products?limit=50');
  const { docs } = (await list.json()) as { docs: { _id: string; color: string[]; stock: number }[] };
  const product = docs.find((doc) => doc.stock > 0)!;
  const placed = await request.post('/api/orders', {
    data: {
      customerName: 'Sana Tekshiruvchi',
      phoneNumber: phone,
      items: [{ productId: product._id, quantity: 1, color: product.color[0] ?? '' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await page.goto('/portfolio');
  await page.getByLabel('Telefon raqami').fill(phone);
  await openOrdersWithCode(page, test.info(), phone);
  const main = page.locator('main');
  await expect(main).toContainText(DATE_TIME);
  await expect(main).not.toContainText(/\bM\d{1,2}\b/);
});
