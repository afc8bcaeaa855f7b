import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { listFiles, makeImage, type ImageFormat } from '../../test/images.js';
import { imagePart, productForm, type FormPart } from '../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const MB = 1024 * 1024;
const EXTENSION: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
};
const FIELDS = {
  name: 'Photo desk',
  description: 'A desk with photos',
  price: '100000',
  category: 'office',
  stock: '3',
};

describe('product images', () => {
  let shop: TestShop;
  let admin: TestUser;
  let productsDir: string;
  let dataDir: string;

  beforeAll(async () => {
    shop = await buildTestShop();
    admin = await createUser(shop, 'admin');
    productsDir = path.join(shop.config.uploadsDir, 'products');
    dataDir = path.dirname(shop.config.uploadsDir);
  });
  afterAll(() => shop.close());

  const upload = (files: readonly FormPart[], fields: Record<string, string> = FIELDS) => {
    const form = productForm(fields, files);
    return shop.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
  };
  const productCount = async () => {
    const [row] = await shop.database.db.select({ total: count() }).from(products);
    return row!.total;
  };
  const nameOf = (url: string) => url.slice('/uploads/products/'.length);
  const thumbPath = (url: string) =>
    path.join(productsDir, 'thumbs', nameOf(url).replace(/\.[a-z]+$/, '.webp'));

  /** Runs a request that must be refused and checks that it wrote no file and stored no product. */
  async function expectRefusedWithoutTrace(
    send: () => ReturnType<typeof upload>,
    status: number,
    code: string,
  ) {
    const filesBefore = await listFiles(dataDir);
    const before = await productCount();
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String), code });
    expect(await listFiles(dataDir)).toEqual(filesBefore);
    expect(await productCount()).toBe(before);
    return response;
  }

  it('accepts JPEG, PNG, WebP, GIF and AVIF, stored under random names with a WebP thumbnail each', async () => {
    const formats: ImageFormat[] = ['jpeg', 'png', 'webp', 'gif', 'avif'];
    const images = await Promise.all(formats.map((format) => makeImage(format, { width: 900, height: 600 })));
    // Names and declared types are the shopper's; only the bytes decide.
    const response = await upload(
      images.map((data, index) => imagePart(data, `holiday photo ${index}.jpg`, 'image/jpeg')),
    );
    expect(response.statusCode).toBe(201);
    const urls = response.json().productImages as string[];
    expect(urls).toHaveLength(formats.length);
    expect(new Set(urls).size).toBe(formats.length);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, response.json()._id));
    expect(row!.productImages).toEqual(urls);

    for (const [index, format] of formats.entries()) {
      const url = urls[index]!;
      expect(url).toMatch(new RegExp(`^/uploads/products/[0-9a-f]{32}\\.${EXTENSION[format]}$`));
      // Stored re-encoded (src/security/upload-abuse.test.ts): the same picture, not the same bytes.
      const stored = await readFile(path.join(productsDir, nameOf(url)));
      expect(await sharp(stored).metadata()).toMatchObject({
        format: format === 'avif' ? 'heif' : format,
        width: 900,
        height: 600,
      });
      const thumbnail = await sharp(await readFile(thumbPath(url))).metadata();
      expect(thumbnail.format).toBe('webp');
      expect(Math.max(thumbnail.width, thumbnail.height)).toBe(480);

      const served = await shop.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(stored)).toBe(true);
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.headers['cache-control']).toMatch(/immutable/);
      const thumb = await shop.app.inject({
        method: 'GET',
        url: `/uploads/products/thumbs/${path.basename(thumbPath(url))}`,
      });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['cache-control']).toMatch(/immutable/);
    }
  });

  it('accepts an image larger than the 1 MB JSON body limit and up to 10 MB', async () => {
    const big = await makeImage('png', { width: 1000, height: 1000, noise: true });
    expect(big.length).toBeGreaterThan(2 * MB);
    expect(big.length).toBeLessThan(10 * MB);
    const response = await upload([imagePart(big, 'big.png', 'image/png')]);
    expect(response.statusCode).toBe(201);
    const [url] = response.json().productImages as string[];
    const stored = await sharp(await readFile(path.join(productsDir, nameOf(url!)))).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 1000, height: 1000 });
  });

  it('skips an empty file part, as a browser sends when no file was chosen', async () => {
    const response = await upload([imagePart(Buffer.alloc(0), '', 'application/octet-stream')]);
    expect(response.statusCode).toBe(201);
    expect(response.json().productImages).toEqual([]);
  });

  it('accepts ten files in one request, the limit', async () => {
    const png = await makeImage('png');
    const files = Array.from({ length: 10 }, (_, index) => imagePart(png, `p${index}.png`, 'image/png'));
    const response = await upload(files);
    expect(response.statusCode).toBe(201);
    expect(response.json().productImages).toHaveLength(10);
  });

  it('refuses a good batch with one bad file in it: 415, and none of the good ones written', async () => {
    const good = await Promise.all([makeImage('jpeg'), makeImage('png'), makeImage('webp')]);
    const bad = Buffer.from('GIF8 not really a gif, just text long enough to sniff');
    const parts = good.map((data, index) => imagePart(data, `good${index}`));
    await expectRefusedWithoutTrace(
      () => upload([...parts, imagePart(bad, 'bad.gif', 'image/gif')]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectRefusedWithoutTrace(
      () => upload([parts[0]!, imagePart(bad, 'bad.gif'), parts[1]!]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses a bad file on update too and leaves the product as it was', async () => {
    const row = await insertProduct(shop, { name: 'Keep my photos' });
    const form = productForm({ name: 'Renamed' }, [
      imagePart(await makeImage('png'), 'ok.png'),
      imagePart(Buffer.from('not an image at all'), 'x.png'),
    ]);
    const filesBefore = await listFiles(dataDir);
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${row.id}`,
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await listFiles(dataDir)).toEqual(filesBefore);
    const [after] = await shop.database.db.select().from(products).where(eq(products.id, row.id));
    expect(after).toEqual(row);
  });

  it('refuses a file under another field name with 400', async () => {
    const form = productForm(FIELDS, [imagePart(await makeImage('png'), 'p.png', 'image/png', 'avatar')]);
    const filesBefore = await listFiles(dataDir);
    const before = await productCount();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(await listFiles(dataDir)).toEqual(filesBefore);
    expect(await productCount()).toBe(before);
  });

  it('serves nothing outside the uploads folder', async () => {
    await writeFile(path.join(dataDir, 'secret.txt'), 'do not serve');
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/products/..%2f..%2fsecret.txt',
      '/uploads/products/missing.png',
    ]) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('do not serve');
    }
  });
});
