import { and, notInArray, sql } from 'drizzle-orm';
import type { ProductOption } from '@shop/common';
import type { Db } from '../db/client.js';
import { products } from '../db/schema.js';

const label = (text: string) => ({ uz: text, ru: text, en: text });
const option = (code: string, values: string[]): ProductOption => ({
  code,
  name: label(code),
  values: values.map((value) => ({ code: value, label: label(value) })),
});

const SIZES = option('size', ['120x60', '140x70']);
const THIRTY = [
  option('size', ['100', '120', '140', '160', '180', '200']),
  option('colour', ['oak', 'white', 'black', 'walnut', 'grey']),
];

/**
 * Sells a fifth of the catalogue (not the products the order rows buy) in two sizes, so the
 * listing's option filter has a realistic share to find, and one product in 30 variants, whose
 * reads are timed beside a plain product's. Returns that product's id.
 */
export async function fillVariants(db: Db, keepPlain: readonly string[]): Promise<string> {
  const plain = sql.join(
    keepPlain.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    with picked as (
      select id, price from products where id not in (${plain}) order by id
      limit (select count(*) / 5 from products))
    insert into product_variants (id, product_id, sku, values, price, stock, position)
    select substr(md5(p.id || s.code), 1, 24), p.id, upper(substr(p.id, 1, 8)) || '-' || s.code,
           jsonb_build_object('size', s.code), p.price + s.extra, 1000000, s.position
    from picked p cross join (values ('120x60', 0, 0), ('140x70', 300000, 1)) as s (code, extra, position)`);
  await db.execute(sql`
    update products set options = ${JSON.stringify([SIZES])}::jsonb
    where id in (select product_id from product_variants)`);
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(notInArray(products.id, [...keepPlain]), sql`${products.options} = '[]'::jsonb`))
    .orderBy(products.id)
    .limit(1);
  const id = row!.id;
  await db.execute(sql`
    insert into product_variants (id, product_id, sku, values, price, stock, position)
    select substr(md5(${id} || s.size || c.colour), 1, 24), ${id}, 'T30-' || s.size || '-' || c.colour,
           jsonb_build_object('size', s.size, 'colour', c.colour), 1000000 + s.n * 100000, 50, s.n * 5 + c.n
    from (select size, n from unnest(array['100','120','140','160','180','200']) with ordinality as t(size, n)) s
    cross join (select colour, n from unnest(array['oak','white','black','walnut','grey']) with ordinality as t(colour, n)) c`);
  await db.execute(sql`update products set options = ${JSON.stringify(THIRTY)}::jsonb where id = ${id}`);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_variants`);
  return id;
}
