import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/common';
import { orderLines, productVariants } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  stockOf,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { DESK_OPTIONS, deskVariant, insertDesk, putVariants } from '../../test/variants.js';

const tag = () => `O${randomBytes(4).toString('hex').toUpperCase()}`;
type Item = { productId: string; quantity: number; color?: string; variantId?: string; sku?: string };

describe('orders of variants', () => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop({ orderLimits: { enabled: false } });
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  const place = (items: Item[]) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { customerName: 'Variant buyer', phoneNumber: uniquePhone(), items },
    });
  const variantStock = async (id: string) => {
    const [row] = await shop.database.db.select().from(productVariants).where(eq(productVariants.id, id));
    return row!.stock;
  };

  it('prices each line by its variant (own sale price, else the product discount) and names it', async () => {
    const prefix = tag();
    const { product, ids } = await insertDesk(
      shop,
      admin,
      prefix,
      { isDiscounted: true, discountType: 'percentage', discountValue: 10 },
      { [`${prefix}-140-OAK`]: { discountedPrice: 1_100_000 } },
    );
    const response = await place([
      { productId: product.id, quantity: 2, variantId: ids[`${prefix}-120-WHITE`] },
      { productId: product.id, quantity: 1, sku: `${prefix}-140-oak`.toLowerCase() },
    ]);
    expect(response.statusCode).toBe(201);
    const order = response.json() as Order;
    expect(order.products).toMatchObject([
      {
        color: 'Oq',
        quantity: 2,
        price: 1_000_000,
        discountedPrice: 900_000,
        variant: {
          _id: ids[`${prefix}-120-WHITE`],
          sku: `${prefix}-120-WHITE`,
          label: { uz: '120×60 sm · Oq', ru: '120×60 см · Белый', en: '120×60 cm · White' },
        },
      },
      { price: 1_300_000, discountedPrice: 1_100_000, variant: { sku: `${prefix}-140-OAK` } },
    ]);
    expect(await variantStock(ids[`${prefix}-120-WHITE`]!)).toBe(3);
    expect(await variantStock(ids[`${prefix}-140-OAK`]!)).toBe(4);
    expect(await stockOf(shop, product.id)).toBe(17);
  });

  it('asks for a variant (400 with the line) and refuses a hidden one (409 on the line)', async () => {
    const prefix = tag();
    const { product, ids } = await insertDesk(
      shop,
      admin,
      prefix,
      {},
      { [`${prefix}-140-OAK`]: { status: 'hidden' } },
    );
    const none = await place([{ productId: product.id, quantity: 1 }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VARIANT_REQUIRED', errors: [{ path: 'items.0.variantId' }] });
    // White comes in two sizes: a colour alone names no one variant.
    const colourOnly = await place([{ productId: product.id, quantity: 1, color: 'Oq' }]);
    expect(colourOnly.json()).toMatchObject({ code: 'VARIANT_REQUIRED' });
    const hidden = await place([{ productId: product.id, quantity: 1, variantId: ids[`${prefix}-140-OAK`] }]);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toMatchObject({
      code: 'VARIANT_UNAVAILABLE',
      errors: [{ path: 'items.0.variantId' }],
    });
    const unknown = await place([{ productId: product.id, quantity: 1, sku: 'NO-SUCH-SKU' }]);
    expect(unknown.json()).toMatchObject({ code: 'VARIANT_UNAVAILABLE' });
  });

  it('resolves a colour-only line of a spec client when the colour names one variant', async () => {
    const product = await insertProduct(shop);
    const sku = tag();
    const saved = await putVariants(shop, admin, product.id, {
      options: [DESK_OPTIONS[1]!],
      variants: [
        deskVariant({ sku, values: { colour: 'oak' }, price: 500_000 }),
        deskVariant({ sku: `${sku}-W`, values: { colour: 'white' }, price: 550_000 }),
      ],
    });
    expect(saved.statusCode).toBe(200);
    const response = await place([{ productId: product.id, quantity: 1, color: 'white' }]);
    expect(response.statusCode).toBe(201);
    expect((response.json() as Order).products[0]).toMatchObject({
      price: 550_000,
      variant: { sku: `${sku}-W` },
    });
  });

  it('refuses more than a variant holds, and sells a made-to-order one beyond it, returning only what it took', async () => {
    const prefix = tag();
    const { product, ids } = await insertDesk(
      shop,
      admin,
      prefix,
      {},
      { [`${prefix}-140-WHITE`]: { stock: 2, madeToOrder: true, leadDays: 30 } },
    );
    const short = await place([{ productId: product.id, quantity: 6, variantId: ids[`${prefix}-120-OAK`] }]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `Not enough stock for Desk ${prefix} (${prefix}-120-OAK): 5 left`,
      errors: [{ path: 'items.0.quantity' }],
    });

    const made = await place([{ productId: product.id, quantity: 5, variantId: ids[`${prefix}-140-WHITE`] }]);
    expect(made.statusCode).toBe(201);
    const id = (made.json() as Order)._id;
    const [line] = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(line).toMatchObject({ quantity: 5, stockTaken: 2 });
    expect(await variantStock(ids[`${prefix}-140-WHITE`]!)).toBe(0);
    expect(await stockOf(shop, product.id)).toBe(15);

    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await variantStock(ids[`${prefix}-140-WHITE`]!)).toBe(2);
    expect(await stockOf(shop, product.id)).toBe(17);
  });

  it('hides an ordered variant left out of a write, and deletes the others', async () => {
    const prefix = tag();
    const { product, ids } = await insertDesk(shop, admin, prefix);
    expect(
      (await place([{ productId: product.id, quantity: 1, variantId: ids[`${prefix}-120-OAK`] }])).statusCode,
    ).toBe(201);
    const response = await putVariants(shop, admin, product.id, {
      options: DESK_OPTIONS,
      variants: [
        deskVariant({
          _id: ids[`${prefix}-140-OAK`],
          sku: `${prefix}-140-OAK`,
          values: { size: '140x70', colour: 'oak' },
        }),
      ],
    });
    expect(response.statusCode).toBe(200);
    const rows = await shop.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(rows.map((row) => [row.sku, row.status]).sort()).toEqual([
      [`${prefix}-120-OAK`, 'hidden'],
      [`${prefix}-140-OAK`, 'active'],
    ]);
    expect(await stockOf(shop, product.id)).toBe(5);
    // The same combination sent again as new takes the hidden row back, with its orders.
    const again = await putVariants(shop, admin, product.id, {
      options: DESK_OPTIONS,
      variants: [deskVariant({ sku: `${prefix}-120-OAK`, values: { size: '120x60', colour: 'oak' } })],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().variants[0]._id).toBe(ids[`${prefix}-120-OAK`]);
  });

  it('lets a plain product order as before, with no variant on its line', async () => {
    const product = await insertProduct(shop, { stock: 3, color: ['oq'] });
    const response = await place([{ productId: product.id, quantity: 1, color: 'oq' }]);
    expect(response.statusCode).toBe(201);
    expect((response.json() as Order).products[0]!.variant).toBeUndefined();
    expect(await stockOf(shop, product.id)).toBe(2);
  });
});
