import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestShop, type TestShop } from '../../test/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await buildTestShop();
});
afterAll(() => shop.close());

/** Rows of a catalogue query; both drivers answer `{ rows }`. */
async function query<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await shop.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/**
 * An order changes a product's stock while it holds the row. PostgreSQL keeps such a change on the
 * row's page (a HOT update, no index touched) only if no index covers the column; otherwise every
 * order writes into every product index, the two trigram indexes included (decision 015).
 */
describe('the stock an order takes', () => {
  it('is in no index of products, as a column, an expression or a condition', async () => {
    const indexes = await query<{ name: string; definition: string }>(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'products'::regclass`);
    expect(indexes.length).toBeGreaterThan(5);
    expect(indexes.filter((index) => /\bstock\b/.test(index.definition)).map((index) => index.name)).toEqual(
      [],
    );
  });

  it('leaves room on each page for the row it changes', async () => {
    const [table] = await query<{ options: string[] | null }>(
      sql`select reloptions as options from pg_class where oid = 'products'::regclass`,
    );
    expect(table?.options).toContain('fillfactor=90');
  });
});
