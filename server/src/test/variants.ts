import type { ProductOption, VariantInput } from '@shop/common';
import type { ProductRow } from '../db/schema.js';
import { insertProduct, type TestShop, type TestUser } from './test-app.js';

/** A desk in two sizes and two colours, as the back office would set it. */
export const DESK_OPTIONS: ProductOption[] = [
  {
    code: 'size',
    name: { uz: "O'lcham", ru: 'Размер', en: 'Size' },
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

type VariantDraft = Partial<VariantInput> & { sku: string; values: Record<string, string> };

export const deskVariant = (draft: VariantDraft): Partial<VariantInput> => ({
  price: 1_000_000,
  stock: 5,
  ...draft,
});

/** PUT /api/products/{id}/variants as staff. */
export const putVariants = (
  shop: TestShop,
  staff: TestUser,
  productId: string,
  body: { options: ProductOption[]; variants: Partial<VariantInput>[] },
) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/variants`,
    headers: staff.headers,
    payload: body,
  });

/** A desk with four variants (SKUs `<prefix>-120-OAK` …), returned as the products row and its variants' ids by SKU. */
export async function insertDesk(
  shop: TestShop,
  staff: TestUser,
  prefix: string,
  overrides: Parameters<typeof insertProduct>[1] = {},
  variantOverrides: Record<string, Partial<VariantInput>> = {},
): Promise<{ product: ProductRow; ids: Record<string, string> }> {
  const product = await insertProduct(shop, { name: `Desk ${prefix}`, ...overrides });
  const variants = ['120x60', '140x70'].flatMap((size) =>
    ['oak', 'white'].map((colour) => {
      const sku = `${prefix}-${size.slice(0, 3)}-${colour.toUpperCase()}`;
      return deskVariant({
        sku,
        values: { size, colour },
        price: size === '120x60' ? 1_000_000 : 1_300_000,
        ...variantOverrides[sku],
      });
    }),
  );
  const response = await putVariants(shop, staff, product.id, { options: DESK_OPTIONS, variants });
  if (response.statusCode !== 200) throw new Error(`insertDesk: ${response.body}`);
  const body = response.json() as { variants: { _id: string; sku: string }[] };
  return { product, ids: Object.fromEntries(body.variants.map((variant) => [variant.sku, variant._id])) };
}
