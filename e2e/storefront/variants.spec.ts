import type { APIRequestContext } from '@playwright/test';
import { ADMIN, apiLogin, expect, test, uniquePhone } from '../fixtures';

/*
 * A desk sold in two sizes and two colours, bought on a 390 px phone: the shopper picks a size,
 * the price and the address follow, the cart and the order's confirmation name the variant, and
 * the variant's address is server-rendered with that variant's price.
 */
const PHONE_VIEWPORT = { width: 390, height: 844 };

const OPTIONS = [
  {
    code: 'size',
    name: { uz: 'Oʻlcham', ru: 'Размер', en: 'Size' },
    values: [
      { code: '120x60', label: { uz: '120×60 sm', ru: '120×60 см', en: '120×60 cm' } },
      { code: '140x70', label: { uz: '140×70 sm', ru: '140×70 см', en: '140×70 cm' } },
    ],
  },
  {
    code: 'colour',
    name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' },
    values: [
      { code: 'oak', label: { uz: 'Eman', ru: 'Дуб', en: 'Oak' }, swatch: '#b08850' },
      { code: 'white', label: { uz: 'Oq', ru: 'Белый', en: 'White' }, swatch: '#f4f4f2' },
    ],
  },
];

/** A new desk with three of its four combinations (no 140 × white); SKUs unique to this run. */
async function deskWithVariants(request: APIRequestContext, auth: Record<string, string>, tag: string) {
  const created = await request.post('/api/products', {
    headers: auth,
    data: {
      name: `Yozuv stoli ${tag}`,
      description: 'Ikki oʻlchamli stol',
      price: 1_000_000,
      category: 'office',
      stock: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  const variants = [
    { sku: `${tag}-120-OAK`, values: { size: '120x60', colour: 'oak' }, price: 1_000_000, stock: 5 },
    { sku: `${tag}-120-WHITE`, values: { size: '120x60', colour: 'white' }, price: 1_050_000, stock: 5 },
    { sku: `${tag}-140-OAK`, values: { size: '140x70', colour: 'oak' }, price: 1_300_000, stock: 5 },
  ];
  const put = await request.put(`/api/products/${id}/variants`, {
    headers: auth,
    data: { options: OPTIONS, variants },
  });
  expect(put.status(), await put.text()).toBe(200);
  return id;
}

test('a shopper on a phone picks a size, and the cart and the confirmation name it', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const auth = { Authorization: `Bearer ${token}` };
  const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
  const id = await deskWithVariants(request, auth, tag);
  try {
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`/product/${id}`);
    const price = page.locator('p.text-3xl, span.text-3xl').first();
    await expect(price).toHaveText("1 000 000 so'm");
    await expect(page.getByRole('radio', { name: '120×60 cm' })).toBeChecked();

    // 140 cm comes only in oak: white beside it is struck, not hidden.
    await page.getByText('140×70 cm', { exact: true }).click();
    await expect(price).toHaveText("1 300 000 so'm");
    await expect(page).toHaveURL(new RegExp(`/product/${id}\\?variant=${tag}-140-OAK$`));
    await expect(page.getByRole('radio', { name: /^White\s*, Not made in this combination$/ })).toBeEnabled();
    await expect(page.locator('label', { hasText: 'White' })).toHaveCSS(
      'text-decoration-line',
      'line-through',
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);

    // The address as shared: the server's HTML already has the variant's price in the title.
    const html = await (await request.get(`/product/${id}?variant=${tag}-140-OAK&lang=en`)).text();
    expect(html).toContain(`<title>Yozuv stoli ${tag} (140×70 cm · Oak) — 1 300 000 so'm | `);
    expect(html).toContain('"@type":"ProductGroup"');

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line-0').getByTestId('cart-line-variant')).toHaveText(
      '140×70 cm · Oak',
    );
    await expect(page.getByTestId('cart-total')).toContainText('1 300 000');

    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByLabel('Full name').fill('Mehmon Xaridor');
    await dialog.getByLabel('Phone number').fill(uniquePhone());
    await dialog.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    const lines = page.getByTestId('confirmation-lines');
    await expect(lines).toContainText(`Yozuv stoli ${tag}`);
    await expect(lines.getByTestId('order-line-variant')).toHaveText('(140×70 cm · Oak)');
  } finally {
    await request.delete(`/api/products/${id}`, { headers: auth });
  }
});
