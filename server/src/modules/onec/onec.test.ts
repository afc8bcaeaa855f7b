import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, onecProducts, products, productVariants } from '../../db/schema.js';
import {
  GROUPS,
  importXml,
  offersXml,
  type FixtureOffer,
  type FixtureProduct,
} from '../../test/commerceml-fixtures.js';
import { makeImage } from '../../test/images.js';
import { basic, exchange, importFile, runCatalogueExchange, TEST_ONEC } from '../../test/onec-kit.js';
import { buildTestShop, type TestShop } from '../../test/test-app.js';

const DESK: FixtureProduct = {
  id: 'a1b2c3d4-0001-11ee-8d5e-00155d01c801',
  name: 'Парта ученическая двухместная',
  description: 'Регулируемая по высоте, ЛДСП 16 мм',
  groupId: GROUPS.school,
  pictures: ['import_files/a1/a1b2c3d4-desk.jpg'],
};
const CRIB: FixtureProduct = {
  id: 'a1b2c3d4-0002-11ee-8d5e-00155d01c801',
  name: 'Кроватка детская',
  groupId: GROUPS.kinder,
};
const CHAIR: FixtureProduct = {
  id: 'a1b2c3d4-0003-11ee-8d5e-00155d01c801',
  name: 'Кресло руководителя Boss',
  groupId: GROUPS.chiefs,
};
const OFFERS: FixtureOffer[] = [
  { id: `${DESK.id}#c0a1`, price: 1_250_000, quantity: 5, traits: { Цвет: 'oq' } },
  { id: `${DESK.id}#c0a2`, price: 1_300_000, quantity: 3, traits: { Цвет: 'qora' } },
  { id: CRIB.id, price: 900_000, quantity: 4 },
  { id: CHAIR.id, price: 2_500_000, quantity: 2 },
];

let shop: TestShop;
let picture: Buffer;

const files = (catalogue: FixtureProduct[] = [DESK, CRIB, CHAIR], options = {}) => ({
  importXml: importXml(catalogue, options),
  offersXml: offersXml(
    OFFERS.filter((offer) => catalogue.some((product) => offer.id.startsWith(product.id))),
  ),
  pictures: { [DESK.pictures![0]!]: picture },
});

async function productOf(onecId: string) {
  const [row] = await shop.database.db
    .select({ product: products })
    .from(onecProducts)
    .innerJoin(products, eq(products.id, onecProducts.productId))
    .where(eq(onecProducts.onecId, onecId));
  return row?.product;
}

/** Audit entries and last changes of the products 1C brought: what a second exchange must leave alone. */
async function footprint() {
  const [audit] = await shop.database.db.select({ total: count() }).from(auditLog);
  const rows = await shop.database.db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(inArray(products.id, shop.database.db.select({ id: onecProducts.productId }).from(onecProducts)));
  const variants = await shop.database.db
    .select({ id: productVariants.id, updatedAt: productVariants.updatedAt })
    .from(productVariants);
  return {
    audit: audit!.total,
    updated: [...rows, ...variants].map((row) => `${row.id}@${row.updatedAt.toISOString()}`).sort(),
  };
}

beforeAll(async () => {
  shop = await buildTestShop({ onec: TEST_ONEC });
  picture = await makeImage('jpeg', { width: 120, height: 90 });
});
afterAll(() => shop.close());

describe('1C exchange: signing in', () => {
  // A second shop of its own: slow to start on a busy machine.
  it('is a 404 while ONEC_USER is unset', { timeout: 120_000 }, async () => {
    const off = await buildTestShop();
    try {
      const response = await exchange(off, 'type=catalog&mode=checkauth');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    } finally {
      await off.close();
    }
  });

  it('refuses a call without Basic auth, or with a wrong password, with 401', async () => {
    expect((await exchange(shop, 'type=catalog&mode=checkauth', { headers: {} })).statusCode).toBe(401);
    const wrong = await exchange(shop, 'type=catalog&mode=checkauth', {
      headers: basic(TEST_ONEC.user, 'wrong-password-123'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('UNAUTHORIZED');
    expect(
      (await exchange(shop, 'type=catalog&mode=init', { headers: { cookie: 'onec_session=1.forged' } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers checkauth with a cookie that signs in the later calls, and init with zip=no and the file limit', async () => {
    const check = await exchange(shop, 'type=catalog&mode=checkauth');
    expect(check.statusCode).toBe(200);
    const [word, name, value] = check.body.split('\n');
    expect(word).toBe('success');
    expect(name).toBe('onec_session');
    const init = await exchange(shop, 'type=catalog&mode=init', { headers: { cookie: `${name}=${value}` } });
    expect(init.statusCode).toBe(200);
    expect(init.body).toBe(`zip=no\nfile_limit=${TEST_ONEC.fileLimit}`);
    // The cookie does not stand in for the password at checkauth itself.
    expect(
      (await exchange(shop, 'type=catalog&mode=checkauth', { headers: { cookie: `${name}=${value}` } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('1C exchange: the catalogue', () => {
  it('brings groups, products, pictures, prices, stock and colours in, import answering progress then success', async () => {
    const answers = await runCatalogueExchange(shop, files());
    expect(answers).toEqual([
      ['progress', 'success'],
      ['progress', 'success'],
    ]);
    const desk = (await productOf(DESK.id))!;
    expect(desk).toMatchObject({
      name: DESK.name,
      translations: { ru: { name: DESK.name, description: DESK.description } },
      category: 'school',
      price: 1_250_000,
      stock: 8,
      status: 'active',
    });
    expect([...desk.color].sort()).toEqual(['oq', 'qora']);
    // The desk's two offers with a colour are its variants, the colour its option.
    expect(desk.options).toEqual([
      {
        code: 'colour',
        name: { uz: 'Цвет', ru: 'Цвет' },
        values: [
          { code: 'oq', label: { uz: 'oq', ru: 'oq' } },
          { code: 'qora', label: { uz: 'qora', ru: 'qora' } },
        ],
      },
    ]);
    const variants = await shop.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, desk.id))
      .orderBy(productVariants.position);
    expect(
      variants.map(({ sku, values, price, stock, status }) => ({ sku, values, price, stock, status })),
    ).toEqual([
      {
        sku: `${desk.id.slice(0, 8).toUpperCase()}-C0A1`,
        values: { colour: 'oq' },
        price: 1_250_000,
        stock: 5,
        status: 'active',
      },
      {
        sku: `${desk.id.slice(0, 8).toUpperCase()}-C0A2`,
        values: { colour: 'qora' },
        price: 1_300_000,
        stock: 3,
        status: 'active',
      },
    ]);
    expect(desk.productImages).toHaveLength(1);
    expect(desk.productImages[0]).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.jpg$/);
    expect(await productOf(CRIB.id)).toMatchObject({
      category: 'kinder',
      price: 900_000,
      stock: 4,
      status: 'active',
    });
    // "Мебель для руководителя" has no keyword: the configured rule makes it office.
    expect(await productOf(CHAIR.id)).toMatchObject({ category: 'office', price: 2_500_000, stock: 2 });
  });

  it('changes nothing the second time the same files come: no audit entry, no product touched', async () => {
    const before = await footprint();
    const answers = await runCatalogueExchange(shop, files());
    expect(answers).toEqual([
      ['progress', 'success'],
      ['progress', 'success'],
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('appends a file sent in parts', async () => {
    const before = await footprint();
    const { importXml: whole, offersXml: offers } = files();
    await exchange(shop, 'type=catalog&mode=init');
    const half = Math.floor(whole.length / 2);
    for (const part of [whole.slice(0, half), whole.slice(half)])
      expect((await exchange(shop, 'type=catalog&mode=file&filename=import.xml', { body: part })).body).toBe(
        'success',
      );
    await exchange(shop, `type=catalog&mode=file&filename=${DESK.pictures![0]}`, { body: picture });
    await exchange(shop, 'type=catalog&mode=file&filename=offers.xml', { body: offers });
    expect(await importFile(shop, 'import.xml')).toEqual(['progress', 'success']);
    expect(await importFile(shop, 'offers.xml')).toEqual(['progress', 'success']);
    expect(await footprint()).toEqual(before);
  });

  it('pauses a product missing from a full catalogue, never deletes it, and shows it again when it is back', async () => {
    await runCatalogueExchange(shop, files([DESK, CRIB]));
    expect(await productOf(CHAIR.id)).toMatchObject({ status: 'onPaused', isDeleted: false });
    expect(await productOf(CRIB.id)).toMatchObject({ status: 'active' });
    // Only changes: the missing product stays as it is.
    await runCatalogueExchange(shop, files([DESK], { complete: false }));
    expect(await productOf(CRIB.id)).toMatchObject({ status: 'active' });
    await runCatalogueExchange(shop, files());
    expect(await productOf(CHAIR.id)).toMatchObject({ status: 'active' });
  });

  it('refuses a DOCTYPE (an XML bomb) with failure and writes nothing', async () => {
    const before = await footprint();
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n' +
      `<КоммерческаяИнформация><Каталог><Товары><Товар><Ид>x</Ид><Наименование>&lol3;</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>`;
    await exchange(shop, 'type=catalog&mode=init');
    await exchange(shop, 'type=catalog&mode=file&filename=import.xml', { body: bomb });
    const answers = await importFile(shop, 'import.xml');
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/^failure\n.*DOCTYPE/);
    expect(await footprint()).toEqual(before);
  });

  it('answers failure to junk and to a file that breaks the product form, all or nothing', async () => {
    const before = await footprint();
    await exchange(shop, 'type=catalog&mode=init');
    await exchange(shop, 'type=catalog&mode=file&filename=import.xml', {
      body: Buffer.from([0xff, 0xfe, 0x00, 0x13, 0x37]),
    });
    expect((await importFile(shop, 'import.xml'))[0]).toMatch(/^failure\n/);
    // The first product is fine, the second has no name: neither is written.
    const broken = importXml([
      { ...CRIB, name: 'Кроватка новая' },
      { id: 'a1b2c3d4-0009-11ee-8d5e-00155d01c801', name: '', groupId: GROUPS.school },
    ]);
    await exchange(shop, 'type=catalog&mode=file&filename=import2.xml', { body: broken });
    expect((await importFile(shop, 'import2.xml'))[0]).toBe('progress');
    expect((await importFile(shop, 'import2.xml'))[0]).toMatch(/^failure\nproduct a1b2c3d4-0009/);
    expect(await footprint()).toEqual(before);
  });

  it('refuses file names leaving the exchange folder with 400', async () => {
    for (const name of [
      '../../jwt-secret',
      '/etc/passwd',
      'import_files/../../x.xml',
      '.steps/import.xml.json',
      'a\\..\\b.xml',
    ]) {
      const response = await exchange(shop, `type=catalog&mode=file&filename=${encodeURIComponent(name)}`, {
        body: 'x',
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await exchange(shop, 'type=catalog&mode=import&filename=..%2Fimport.xml')).statusCode).toBe(400);
  });

  it('refuses a file part over file_limit with 413 and keeps what came before', async () => {
    await exchange(shop, 'type=catalog&mode=init');
    const start = '<?xml version="1.0"?>';
    await exchange(shop, 'type=catalog&mode=file&filename=big.xml', { body: start });
    const response = await exchange(shop, 'type=catalog&mode=file&filename=big.xml', {
      body: Buffer.alloc(TEST_ONEC.fileLimit + 1, 0x20),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    const { readFile } = await import('node:fs/promises');
    const kept = await readFile(`${shop.config.dataDir}/1c-exchange/catalog/big.xml`, 'utf8');
    expect(kept).toBe(start);
  });

  it('refuses a mode of the other exchange type and a missing filename with 400', async () => {
    expect((await exchange(shop, 'type=catalog&mode=query')).statusCode).toBe(400);
    expect((await exchange(shop, 'type=sale&mode=import&filename=import.xml')).statusCode).toBe(400);
    expect((await exchange(shop, 'type=catalog&mode=file')).statusCode).toBe(400);
    expect((await exchange(shop, 'type=catalog&mode=dance')).statusCode).toBe(400);
  });
});
