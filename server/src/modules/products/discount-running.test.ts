import { randomBytes } from 'node:crypto';
import { and, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDiscountRunning, newId, unitPrice, type DiscountType } from '@shop/common';
import { products, type ProductRow } from '../../db/schema.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';
import { discountRunningAt, unitPriceAt } from './discount-running.js';
import { discountOf } from './product-dto.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR);

type Case = Pick<
  ProductRow,
  'price' | 'isDiscounted' | 'discountType' | 'discountValue' | 'discountStart' | 'discountEnd'
>;

/** The corners where the two forms could part: 0 %, rounding, a zero price, both window ends. */
function cases(): Case[] {
  const rows: Case[] = [];
  const types: (DiscountType | null)[] = ['percentage', 'fixed', null];
  const values = [0, 1, 49, 50, 99, 100, 150, 100_000, 250_000];
  const prices = [0, 1, 10, 99, 100, 100_000];
  const windows: [Date | null, Date | null][] = [
    [null, null],
    [at(-1), null],
    [null, at(1)],
    [at(1), null],
    [null, at(-1)],
    [NOW, NOW],
    [at(-24), at(24)],
  ];
  for (const discountType of types)
    for (const discountValue of values)
      for (const price of prices)
        for (const [discountStart, discountEnd] of windows)
          for (const isDiscounted of [true, false]) {
            if (!isDiscounted && (price !== 100_000 || discountValue !== 50)) continue;
            rows.push({ price, isDiscounted, discountType, discountValue, discountStart, discountEnd });
          }
  return rows;
}

describe('"discount running now": the SQL filter and the common rule agree', () => {
  let shop: TestShop;
  const tag = `disc${randomBytes(4).toString('hex')}`;
  let rows: ProductRow[] = [];

  beforeAll(async () => {
    shop = await buildTestShop();
    const all = cases();
    rows = await shop.database.db
      .insert(products)
      .values(
        all.map((row, index) => ({
          id: newId(),
          name: `${tag} ${index}`,
          description: 'discount rule row',
          category: 'office' as const,
          color: [],
          productImages: [],
          stock: 1,
          ...row,
        })),
      )
      .returning();
  });
  afterAll(() => shop.close());

  it('lists exactly the rows whose discounted price the rule computes', async () => {
    expect(rows.length).toBeGreaterThan(500);
    const listed = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(like(products.name, `${tag} %`), discountRunningAt(NOW)));
    const bySql = new Set(listed.map((row) => row.id));
    const mismatches = rows
      .filter((row) => {
        const byRule = isDiscountRunning(
          { price: row.price, isDiscounted: row.isDiscounted, discounts: discountOf(row) },
          NOW,
        );
        return byRule !== bySql.has(row.id);
      })
      .map((row) => ({ ...row, listedBySql: bySql.has(row.id) }));
    expect(mismatches).toEqual([]);
    expect(bySql.size).toBeGreaterThan(50);
  });

  it('prices every row as the shopper pays it, in SQL as in the common rule', async () => {
    const priced = await shop.database.db
      .select({ id: products.id, paid: unitPriceAt(NOW) })
      .from(products)
      .where(like(products.name, `${tag} %`));
    const bySql = new Map(priced.map((row) => [row.id, Number(row.paid)]));
    const mismatches = rows.filter(
      (row) =>
        bySql.get(row.id) !==
        unitPrice({ price: row.price, isDiscounted: row.isDiscounted, discounts: discountOf(row) }, NOW),
    );
    expect(mismatches).toEqual([]);
  });

  it('sorts the storefront by the price the shopper pays, a sale price included', async () => {
    const sortTag = `sort${randomBytes(4).toString('hex')}`;
    const product = (name: string, price: number, discountValue?: number) =>
      insertProduct(shop, {
        name: `${sortTag} ${name}`,
        price,
        ...(discountValue !== undefined && {
          isDiscounted: true,
          discountType: 'percentage' as const,
          discountValue,
        }),
      });
    await product('sofa', 500_000, 50);
    await product('chair', 300_000);
    await product('desk', 400_000, 0);
    await product('stool', 200_000);
    const names = async (sort: string) =>
      (await shop.app.inject({ url: `/api/products?search=${sortTag}&sort=${sort}` }))
        .json()
        .docs.map((doc: { name: string }) => doc.name.split(' ')[1]);
    expect(await names('price_asc')).toEqual(['stool', 'sofa', 'chair', 'desk']);
    expect(await names('price_desc')).toEqual(['desk', 'chair', 'sofa', 'stool']);
  });

  it('does not list a 0 % discount in filter=discount (its discountedPrice is null)', async () => {
    const zero = await insertProduct(shop, {
      name: `${tag}zero`,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 0,
    });
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/products?filter=discount&search=${tag}zero`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().docs.map((doc: { _id: string }) => doc._id)).not.toContain(zero.id);
  });
});
