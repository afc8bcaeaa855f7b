import { sql } from 'drizzle-orm';
import { searchKey } from '@shop/common';
import type { Db } from '../../../db/client.js';
import { SEARCH_RULES_VERSION } from './search-document.js';

/** Words of a made-up catalogue in three languages, as a large furniture shop's names run. */
const ITEMS = [
  ['stol', 'стол', 'table'],
  ['stul', 'стул', 'chair'],
  ['kreslo', 'кресло', 'armchair'],
  ['shkaf', 'шкаф', 'cabinet'],
  ['javon', 'стеллаж', 'shelf'],
  ['parta', 'парта', 'desk'],
  ['doska', 'доска', 'board'],
  ['divan', 'диван', 'sofa'],
  ['tumba', 'тумба', 'nightstand'],
  ['komod', 'комод', 'dresser'],
  ['karavot', 'кровать', 'bed'],
  ['tokcha', 'полка', 'rack'],
];
const KINDS = [
  ['ofis', 'офисный', 'office'],
  ['maktab', 'школьный', 'school'],
  ['bolalar', 'детский', 'kids'],
  ['loft', 'лофт', 'loft'],
  ['metall', 'металлический', 'metal'],
  ["yog'och", 'деревянный', 'wooden'],
  ['oq', 'белый', 'white'],
  ['qora', 'чёрный', 'black'],
  ['katta', 'большой', 'large'],
  ['kichik', 'маленький', 'small'],
  ['yumshoq', 'мягкий', 'soft'],
  ['ergonomik', 'эргономичный', 'ergonomic'],
];

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
const column = (rows: string[][], language: number) => rows.map((row) => row[language]!);
const keys = (rows: string[][]) => rows.map((row) => row.map(searchKey).join(' '));

/**
 * Adds `size` generated products (name = kind + item + series + model code, in uz, ru and en) with
 * their search columns and dictionary words, for the search benchmark and the query-plan test.
 * Every item word matches about one product in twelve, as a broad word does in a real catalogue.
 */
export async function fillSyntheticCatalogue(db: Db, size: number): Promise<void> {
  await db.execute(sql`
    with g as (
      select n, ${textArray(column(ITEMS, 0))} as item_uz, ${textArray(column(ITEMS, 1))} as item_ru,
             ${textArray(column(ITEMS, 2))} as item_en, ${textArray(keys(ITEMS))} as item_keys,
             ${textArray(column(KINDS, 0))} as kind_uz, ${textArray(column(KINDS, 1))} as kind_ru,
             ${textArray(column(KINDS, 2))} as kind_en, ${textArray(keys(KINDS))} as kind_keys,
             1 + n % ${ITEMS.length} as i, 1 + (n / ${ITEMS.length}) % ${KINDS.length} as k,
             'seriya' || (n % 997) || ' m' || n as code
      from generate_series(1, ${size}) n
    )
    insert into products (id, name, description, translations, price, category, color, product_images,
                          stock, created_at, updated_at, search_name, search_text, search_version)
    select substr(md5(random()::text || n::text), 1, 24),
           kind_uz[k] || ' ' || item_uz[i] || ' ' || code,
           'Mustahkam ' || item_uz[i] || ', ' || kind_uz[k] || ' uslubida',
           jsonb_build_object('ru', jsonb_build_object('name', kind_ru[k] || ' ' || item_ru[i] || ' ' || code),
                              'en', jsonb_build_object('name', kind_en[k] || ' ' || item_en[i] || ' ' || code)),
           100000 + (n * 7919) % 5000000,
           (array['school','kinder','office','loft'])[1 + n % 4],
           array['oq'], array['/uploads/products/demo.webp'], 1000,
           now() - make_interval(secs => n + 3600), now(),
           ' ' || kind_keys[k] || ' ' || item_keys[i] || ' ' || code || ' ',
           ' ' || kind_keys[k] || ' ' || item_keys[i] || ' ' || code || ' mustahkam ' || item_keys[i] || ' '
             || kind_keys[k] || ' uslubida ',
           ${SEARCH_RULES_VERSION}
    from g`);
  await db.execute(sql`
    insert into search_words (word)
    select distinct word from products, regexp_split_to_table(trim(search_text), ' ') as word
    where word <> ''
    on conflict do nothing`);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze search_words`);
}
