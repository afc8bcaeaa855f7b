import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import { listFiles, makeImage } from '../src/test/images.js';
import { imagePart, productForm, type FormFields } from '../src/test/multipart.js';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../src/test/test-app.js';

// A small tmpfs is a real full disk and, remounted read-only, a real unwritable folder.
const UPLOADS_SIZE_KB = 512;

function tryMount(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${UPLOADS_SIZE_KB}k`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-fault-'));
const mounted = tryMount(uploadsDir);
const FIELDS = { name: 'Stored desk', description: 'Oak', price: 100_000, category: 'office', stock: 3 };

describe.runIf(mounted)('uploads folder full or unwritable', () => {
  let shop: TestShop;
  let admin: TestUser;
  const cases: string[] = [];

  beforeAll(async () => {
    shop = await buildTestShop({ uploadsDir });
    admin = await createUser(shop, 'admin');
  });
  afterAll(async () => {
    await shop.close();
    execFileSync('umount', [uploadsDir]);
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const productCount = async () =>
    (await shop.database.db.select({ total: count() }).from(products))[0]!.total;

  /** A photo that does not compress, about 70 KB. */
  const photo = () => makeImage('png', { width: 150, height: 150, noise: true });
  const photos = async () => [
    imagePart(await photo(), 'a.png', 'image/png'),
    imagePart(await photo(), 'b.png', 'image/png'),
  ];

  /** A product form with two photos, as the back office sends it. */
  async function sendProductForm(method: 'POST' | 'PATCH', url: string, fields: FormFields) {
    const form = productForm(fields, await photos());
    return shop.app.inject({
      method,
      url,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
  }

  async function expectStorageRefusal(request: () => Promise<{ statusCode: number; json(): unknown }>) {
    const response = await request();
    expect(response.statusCode).toBe(507);
    expect(response.json()).toMatchObject({
      code: 'STORAGE_FAILED',
      message: expect.stringMatching(/store the images/),
    });
  }

  it('a full disk: the save fails with 507 STORAGE_FAILED, no product and no orphan file', async () => {
    const filler = path.join(uploadsDir, 'filler.bin');
    // Leaves room for the first photo and its thumbnail, not for the second.
    writeFileSync(filler, Buffer.alloc((UPLOADS_SIZE_KB - 32) * 1024 - (await photo()).length));
    try {
      const before = { products: await productCount(), files: await listFiles(uploadsDir) };
      await expectStorageRefusal(() => sendProductForm('POST', '/api/products', FIELDS));
      expect(await productCount()).toBe(before.products);
      expect(await listFiles(uploadsDir)).toEqual(before.files);

      const product = await insertProduct(shop);
      await expectStorageRefusal(() =>
        sendProductForm('PATCH', `/api/products/${product.id}`, { name: 'Renamed' }),
      );
      const after = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
      expect(after.json()).toMatchObject({ name: product.name, productImages: product.productImages });
      expect(await listFiles(uploadsDir)).toEqual(before.files);
      cases.push('create on a full disk', 'update on a full disk');
    } finally {
      rmSync(filler);
    }
  });

  it('a read-only uploads folder: refused the same way, and saving works again once it is writable', async () => {
    execFileSync('mount', ['-o', 'remount,ro', uploadsDir]);
    const before = await productCount();
    try {
      await expectStorageRefusal(() => sendProductForm('POST', '/api/products', FIELDS));
      expect(await productCount()).toBe(before);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', uploadsDir]);
    }
    const saved = await sendProductForm('POST', '/api/products', FIELDS);
    expect(saved.statusCode).toBe(201);
    // Two originals and their thumbnails, beside the sized copies named by content.
    const files = await listFiles(uploadsDir);
    expect(files.filter((file) => !file.startsWith('products/v/'))).toHaveLength(4);
    expect(files.some((file) => file.startsWith('products/v/'))).toBe(true);
    cases.push('create on a read-only folder');

    recordFigure({
      test: 'disk full / unwritable uploads',
      figure: `${cases.length} saves refused (${cases.join(', ')}): 507 STORAGE_FAILED, 0 half-written products, 0 orphan files; saving works again once writable`,
      ok: true,
    });
  });
});
