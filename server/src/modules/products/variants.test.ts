import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/common';
import { auditLog, productVariants, products } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { DESK_OPTIONS, deskVariant, insertDesk, putVariants } from '../../test/variants.js';

const tag = () => `V${randomBytes(4).toString('hex').toUpperCase()}`;

describe('product variants', () => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop();
    admin = await createUser(shop, 'admin');
    customer = await createUser(shop, 'customer');
  });
  afterAll(() => shop.close());

  const get = (id: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
  const list = (query: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url: `/api/products?${query}`, headers });

  it('writes options and variants, derives price, stock and colours, and audits the change', async () => {
    const prefix = tag();
    const { product } = await insertDesk(shop, admin, prefix);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ price: 1_000_000, stock: 20, color: ['Eman', 'Oq'], options: DESK_OPTIONS });
    const body = (await get(product.id)).json() as Product;
    expect(body.options).toEqual(DESK_OPTIONS);
    expect(body.variants.map((variant) => variant.sku)).toEqual([
      `${prefix}-120-OAK`,
      `${prefix}-120-WHITE`,
      `${prefix}-140-OAK`,
      `${prefix}-140-WHITE`,
    ]);
    expect(body.variants[0]).toMatchObject({
      madeToOrder: false,
      leadDays: 0,
      status: 'active',
      discountedPrice: null,
    });
    const audits = await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, product.id));
    expect(audits.some((entry) => entry.action === 'update')).toBe(true);
  });

  it('shows shoppers active variants only and staff every one', async () => {
    const prefix = tag();
    const { product } = await insertDesk(
      shop,
      admin,
      prefix,
      {},
      { [`${prefix}-140-WHITE`]: { status: 'hidden' } },
    );
    const shopper = (await get(product.id)).json() as Product;
    expect(shopper.variants).toHaveLength(3);
    expect(shopper.stock).toBe(15);
    const staff = (await get(product.id, admin.headers)).json() as Product;
    expect(staff.variants).toHaveLength(4);
    const byIds = (await list(`ids=${product.id}`)).json() as { docs: Product[] };
    expect(byIds.docs[0]!.variants).toHaveLength(3);
  });

  it("prices a variant by its own sale price, else by the product's running discount", async () => {
    const prefix = tag();
    const { product } = await insertDesk(
      shop,
      admin,
      prefix,
      { isDiscounted: true, discountType: 'percentage', discountValue: 10 },
      { [`${prefix}-140-OAK`]: { discountedPrice: 1_100_000 } },
    );
    const body = (await get(product.id)).json() as Product;
    const bySku = Object.fromEntries(body.variants.map((variant) => [variant.sku, variant]));
    expect(bySku[`${prefix}-120-OAK`]!.discountedPrice).toBe(900_000);
    expect(bySku[`${prefix}-140-WHITE`]!.discountedPrice).toBe(1_170_000);
    expect(bySku[`${prefix}-140-OAK`]!.discountedPrice).toBe(1_100_000);
  });

  it('refuses options and variants that disagree, with the field to fix', async () => {
    const product = await insertProduct(shop);
    const response = await putVariants(shop, admin, product.id, {
      options: DESK_OPTIONS,
      variants: [deskVariant({ sku: tag(), values: { size: '120x60' } })],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(response.body).toContain('needs a value of option colour');
    const noVariants = await putVariants(shop, admin, product.id, { options: DESK_OPTIONS, variants: [] });
    expect(noVariants.body).toContain('Options need at least one variant');
    const strange = await putVariants(shop, admin, product.id, {
      options: DESK_OPTIONS,
      variants: [deskVariant({ _id: 'a'.repeat(24), sku: tag(), values: { size: '120x60', colour: 'oak' } })],
    });
    expect(strange.statusCode).toBe(400);
    expect(strange.body).toContain('no such variant');
  });

  it('answers 409 SKU_TAKEN for a SKU another product holds, and 404 for no product', async () => {
    const prefix = tag();
    await insertDesk(shop, admin, prefix);
    const other = await insertProduct(shop);
    const response = await putVariants(shop, admin, other.id, {
      options: [DESK_OPTIONS[0]!],
      variants: [deskVariant({ sku: `${prefix.toLowerCase()}-120-oak`, values: { size: '120x60' } })],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SKU_TAKEN' });
    const plain = await insertProduct(shop);
    const plainSku = plain.id.slice(0, 8).toUpperCase();
    const clash = await putVariants(shop, admin, other.id, {
      options: [DESK_OPTIONS[0]!],
      variants: [deskVariant({ sku: plainSku, values: { size: '120x60' } })],
    });
    expect(clash.statusCode).toBe(409);
    const missing = await putVariants(shop, admin, 'f'.repeat(24), { options: [], variants: [] });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps ids sent back, deletes unordered variants left out, swaps SKUs, and turns plain again', async () => {
    const prefix = tag();
    const { product, ids } = await insertDesk(shop, admin, prefix);
    const keep = ids[`${prefix}-120-OAK`]!;
    const other = ids[`${prefix}-140-OAK`]!;
    const response = await putVariants(shop, admin, product.id, {
      options: DESK_OPTIONS,
      variants: [
        deskVariant({
          _id: keep,
          sku: `${prefix}-140-OAK`,
          values: { size: '120x60', colour: 'oak' },
          stock: 2,
        }),
        deskVariant({
          _id: other,
          sku: `${prefix}-120-OAK`,
          values: { size: '140x70', colour: 'oak' },
          stock: 1,
        }),
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Product;
    expect(body.variants.map((variant) => [variant._id, variant.sku])).toEqual([
      [keep, `${prefix}-140-OAK`],
      [other, `${prefix}-120-OAK`],
    ]);
    expect(body.stock).toBe(3);
    const rows = await shop.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(rows).toHaveLength(2);

    const plain = await putVariants(shop, admin, product.id, { options: [], variants: [] });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ options: [], variants: [] });
    const edit = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { price: 777_000, stock: 4 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ price: 777_000, stock: 4 });
  });

  it('refuses a staff edit of the derived price, stock or colours, and takes the same values back', async () => {
    const { product } = await insertDesk(shop, admin, tag());
    const refused = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { price: 5, stock: 20 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ path: 'price' }] });
    const same = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { price: 1_000_000, stock: 20, name: 'Renamed desk' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: 'Renamed desk', variants: expect.any(Array) });
    expect((same.json() as Product).variants).toHaveLength(4);
  });

  it('filters by option values over active variants, and refuses bad filters', async () => {
    const prefix = tag();
    const name = `Filterdesk${prefix.toLowerCase()}`;
    const { product } = await insertDesk(
      shop,
      admin,
      prefix,
      { name },
      { [`${prefix}-140-WHITE`]: { status: 'hidden' } },
    );
    const found = async (query: string) =>
      ((await list(`search=${name}&${query}`)).json() as { docs: Product[] }).docs.map((doc) => doc._id);
    expect(await found('opt.size=140x70&opt.colour=oak')).toEqual([product.id]);
    expect(await found('opt.size=140x70&opt.colour=white')).toEqual([]);
    expect(await found('opt.size=999x99')).toEqual([]);
    expect(await found('opt.colour=white')).toEqual([product.id]);
    const tooMany = await list('opt.a=1&opt.b=2&opt.c=3&opt.d=4');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('At most 3 option filters');
    expect((await list('opt.Bad%20Code=x')).statusCode).toBe(400);
    expect((await list('optsize=x')).statusCode).toBe(400);
  });

  it('finds a variant SKU exactly in any case, and a plain product by its 8-hex SKU', async () => {
    const prefix = tag();
    const { product } = await insertDesk(shop, admin, prefix);
    const search = async (text: string, headers: Record<string, string> = {}) =>
      ((await list(`search=${encodeURIComponent(text)}`, headers)).json() as { docs: Product[] }).docs.map(
        (doc) => doc._id,
      );
    expect(await search(`${prefix}-140-white`.toLowerCase())).toEqual([product.id]);
    expect(await search(`${prefix}-140-white`.toLowerCase(), customer.headers)).toEqual([product.id]);
    const plain = await insertProduct(shop);
    expect(await search(plain.id.slice(0, 8).toUpperCase())).toContain(plain.id);
  });
});
