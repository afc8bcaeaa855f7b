import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { multipartBody } from '../../test/multipart.js';
import { buildTestShop, createUser, truncateAll, type TestShop, type TestUser } from '../../test/test-app.js';

interface Entry {
  name: string;
  data: Buffer;
  /** The size the directory declares, when it should lie. */
  declared?: number;
}

/** A zip written by hand (deflated entries), so each test controls names and declared sizes. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declared } of entries) {
    const file = Buffer.from(name);
    const packed = deflateRawSync(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared ?? data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared ?? data.length, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, packed);
    centrals.push(central, file);
    offset += local.length + file.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const HEADER = ['sku', 'name_uz', 'description_uz', 'category', 'price', 'stock', 'images'];
const sheet = (images: string) =>
  Buffer.from(
    [HEADER, ['C0FFEE01', 'Javon', 'Kitob javoni', 'office', '450000', '2', images]]
      .map((row) => row.join(';'))
      .join('\r\n'),
  );

describe('the catalogue brought in as a zip with pictures', () => {
  let shop: TestShop;
  let admin: TestUser;
  let photo: Buffer;

  beforeAll(async () => {
    shop = await buildTestShop();
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8b4513' } })
      .png()
      .toBuffer();
  });
  beforeEach(async () => {
    await truncateAll(shop);
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  const upload = (data: Buffer, query = '', filename = 'catalogue.zip') => {
    const body = multipartBody([{ name: 'file', filename, data }]);
    return shop.app.inject({
      method: 'POST',
      url: `/api/products/import${query}`,
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
  };
  const catalogue = () => shop.database.db.select().from(products);

  it('creates a product with the picture its images cell names, and a second import adds nothing', async () => {
    const file = zip([
      { name: 'products.csv', data: sheet('javon.png') },
      { name: 'images/javon.png', data: photo },
      { name: '__MACOSX/._javon.png', data: Buffer.from('resource fork') },
    ]);
    expect((await upload(file, '?dryRun=1')).json()).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    expect(await catalogue()).toHaveLength(0);
    expect((await upload(file)).json()).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [] });
    const [created] = await catalogue();
    expect(created!.productImages).toHaveLength(1);
    expect(created!.productImages[0]).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.png$/);
    expect((await upload(file)).json()).toEqual({ created: 0, updated: 0, unchanged: 1, errors: [] });
    expect((await catalogue())[0]!.productImages).toEqual(created!.productImages);
  });

  it.each([
    ['a path leaving the folder', [{ name: '../products.csv', data: sheet('') }], 400, /outside its folder/],
    ['an absolute path', [{ name: '/etc/products.csv', data: sheet('') }], 400, /outside its folder/],
    [
      'a junk file beside the sheet',
      [
        { name: 'products.csv', data: sheet('') },
        { name: 'notes.txt', data: Buffer.from('hi') },
      ],
      400,
      /notes\.txt is neither/,
    ],
    ['no sheet', [{ name: 'images/javon.png', data: Buffer.from('x') }], 400, /exactly one sheet/],
    [
      'two sheets',
      [
        { name: 'a.csv', data: sheet('') },
        { name: 'b.csv', data: sheet('') },
      ],
      400,
      /exactly one sheet/,
    ],
    [
      'a sheet that is not a workbook',
      [{ name: 'products.xlsx', data: sheet('') }],
      400,
      /not an XLSX workbook/,
    ],
    [
      'a zip bomb by its declared size',
      [{ name: 'products.csv', data: sheet(''), declared: 300 * 1024 * 1024 }],
      413,
      /256 MB/,
    ],
    [
      'an entry larger than it declares',
      [{ name: 'products.csv', data: Buffer.alloc(1_000_000, 'a'), declared: 100 }],
      400,
      /larger than it declares/,
    ],
  ])('refuses %s, writing nothing', async (_case, entries, status, message) => {
    const response = await upload(zip(entries as Entry[]));
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await catalogue()).toHaveLength(0);
  });

  it('refuses junk that is not a zip', async () => {
    const response = await upload(Buffer.from('PK but not really a zip at all'));
    expect(response.statusCode).toBe(400);
    expect(await catalogue()).toHaveLength(0);
  });

  it('reports a picture that is not a picture, or one sharp cannot read, on its row', async () => {
    const broken = Buffer.concat([photo.subarray(0, 40), Buffer.alloc(200, 7)]);
    for (const [data, message] of [
      [Buffer.from('<html>not a picture</html>'), /not a JPEG, PNG/],
      [broken, /could not be read as an image/],
    ] as const) {
      const file = zip([
        { name: 'products.csv', data: sheet('javon.png') },
        { name: 'images/javon.png', data },
      ]);
      const response = await upload(file);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { row: 2, column: 'images', message: expect.stringMatching(message) },
      ]);
    }
    const missing = await upload(zip([{ name: 'products.csv', data: sheet('other.png') }]), '?dryRun=1');
    expect(missing.json().errors).toEqual([
      { row: 2, column: 'images', message: 'No picture named other.png in the zip’s images folder' },
    ]);
    expect(await catalogue()).toHaveLength(0);
  });

  it('streams its progress, then the answer, when asked for NDJSON', async () => {
    const body = multipartBody([{ name: 'file', filename: 'products.csv', data: sheet('') }]);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=1',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers, accept: 'application/x-ndjson' },
    });
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ phase: 'check', done: 1, total: 1 });
    expect(lines.at(-1)).toEqual({ status: 200, body: { created: 1, updated: 0, unchanged: 0, errors: [] } });
  });
});
