import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_IMAGE_WIDTHS, type ProductImage } from '@shop/common';
import { openDatabase } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { makeImage } from '../../test/images.js';
import { imagePart, productForm } from '../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { backfillImages, sweepUnusedCopies, UNUSED_COPY_GRACE_MS } from './image-backfill.js';
import { ImageStore } from './images.js';
import { variantNames, variantWidths } from './image-variants.js';
import { searchColumns } from './search/search-document.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `url 320w, url 640w` → [{url, width}]. */
const entries = (srcset: string) =>
  srcset.split(',').map((entry) => {
    const [url, width] = entry.trim().split(' ');
    return { url: url!, width: Number.parseInt(width!, 10) };
  });

describe('picture sizes', () => {
  it('keeps the standard widths a picture can fill, and a narrow one at its own width', () => {
    expect(variantWidths(2000)).toEqual([...PRODUCT_IMAGE_WIDTHS]);
    expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(900)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe('product pictures as AVIF and WebP', () => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop();
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  const upload = async (data: Buffer) => {
    const form = productForm(
      { name: 'Wide desk', description: 'Wide', price: '100000', category: 'office', stock: '3' },
      [imagePart(data, 'desk.jpg', 'image/jpeg')],
    );
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { _id: string; productImages: string[]; images: ProductImage[] };
  };

  it('an upload gets copies at each width it can fill, never enlarged, named by content, served immutable', async () => {
    const product = await upload(await makeImage('jpeg', { width: 1000, height: 750, noise: true }));
    expect(product.images).toHaveLength(1);
    const [image] = product.images;
    expect(image).toMatchObject({ src: product.productImages[0], width: 1000, height: 750 });
    expect(Buffer.from(image!.placeholder, 'base64').length).toBeGreaterThan(5);
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
    ] as const) {
      const files = entries(image![format]);
      expect(files.map((file) => file.width)).toEqual([320, 640, 960]);
      for (const file of files) {
        const served = await shop.app.inject({ method: 'GET', url: file.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['cache-control']).toContain('immutable');
        const hash = createHash('sha256').update(served.rawPayload).digest('hex').slice(0, 24);
        expect(file.url).toBe(`/uploads/products/v/${hash}.${format}`);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.width).toBe(file.width);
        expect(meta.height).toBe(Math.round((file.width * 750) / 1000));
      }
    }
    const read = await shop.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(read.json().images).toEqual(product.images);
  });

  it('a picture narrower than the smallest width is kept at its own width only', async () => {
    const product = await upload(await makeImage('png', { width: 200, height: 100 }));
    expect(entries(product.images[0]!.avif).map((file) => file.width)).toEqual([200]);
    expect(entries(product.images[0]!.webp).map((file) => file.width)).toEqual([200]);
  });

  it('a picture taken off takes its sized copies along, unless another product shows the same picture', async () => {
    const data = await makeImage('jpeg', { width: 700, height: 500, noise: true });
    const first = await upload(data);
    const second = await upload(data);
    // The same picture makes the same copies: the two products share them.
    expect(second.images[0]!.avif).toBe(first.images[0]!.avif);
    const copies = variantNames(first.images[0]!).map((name) =>
      path.join(shop.config.uploadsDir, 'products', 'v', name),
    );
    expect(copies).toHaveLength(4);
    const takeOff = (product: { _id: string; productImages: string[] }) =>
      shop.app.inject({
        method: 'DELETE',
        url: `/api/products/${product._id}/images`,
        payload: { imageUrl: product.productImages[0] },
        headers: admin.headers,
      });
    expect((await takeOff(first)).statusCode).toBe(200);
    for (const file of copies) expect(existsSync(file), file).toBe(true);
    // Replaced through an edit, the last product to show it: its copies go.
    const form = productForm({ imagesToDelete: JSON.stringify(second.productImages) });
    const edited = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${second._id}`,
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const file of copies) expect(existsSync(file), file).toBe(false);
  });

  it('an upload of a picture whose last product drops it meanwhile keeps the copies it names', async () => {
    const data = await makeImage('jpeg', { width: 660, height: 480, noise: true });
    const first = await upload(data);
    const copies = variantNames(first.images[0]!).map((name) =>
      path.join(shop.config.uploadsDir, 'products', 'v', name),
    );
    const save = ImageStore.prototype.save;
    // The second upload finds the copies on disk and keeps them; before its product row names them,
    // the first product's picture is taken off, and no row names them at that moment.
    const racing = vi.spyOn(ImageStore.prototype, 'save').mockImplementationOnce(async function (
      this: ImageStore,
      images,
    ) {
      const stored = await save.call(this, images);
      const takenOff = await shop.app.inject({
        method: 'DELETE',
        url: `/api/products/${first._id}/images`,
        payload: { imageUrl: first.productImages[0] },
        headers: admin.headers,
      });
      expect(takenOff.statusCode).toBe(200);
      return stored;
    });
    try {
      const second = await upload(data);
      expect(second.images[0]!.avif).toBe(first.images[0]!.avif);
    } finally {
      racing.mockRestore();
    }
    for (const file of copies) expect(existsSync(file), file).toBe(true);
  });

  it('the backfill converts pictures stored before, once, and goes on after being stopped', async () => {
    const productsDir = path.join(shop.config.uploadsDir, 'products');
    const names = ['a', 'b', 'c'].map((letter) => `${letter.repeat(32)}.png`);
    for (const name of names)
      await writeFile(path.join(productsDir, name), await makeImage('png', { width: 700, height: 500 }));
    const row = await insertProduct(shop, {
      productImages: names.map((name) => `/uploads/products/${name}`),
    });
    // Stopped after the first picture, as a kill between two pictures would.
    await expect(
      backfillImages(shop.database.db, shop.config.uploadsDir, ({ done }) => {
        if (done === 1) throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    const stored = async () =>
      (await shop.database.db.select().from(products).where(eq(products.id, row.id)))[0]!.imageVariants;
    expect(await stored()).toHaveLength(1);
    const rest = await backfillImages(shop.database.db, shop.config.uploadsDir);
    expect(rest).toEqual({ converted: 2, missing: 0 });
    expect((await stored()).map((image) => image.src)).toEqual(
      names.map((name) => `/uploads/products/${name}`),
    );
    expect(await backfillImages(shop.database.db, shop.config.uploadsDir)).toEqual({
      converted: 0,
      missing: 0,
    });
    // A copy gone from disk (a removal racing an identical upload): the next run makes it again.
    const second = (await stored())[1]!;
    const lostName = variantNames(second)[0]!;
    const lost = path.join(productsDir, 'v', lostName);
    await rm(lost);
    // The three test pictures have the same bytes, so they share their copies.
    const naming = (await stored()).filter((image) => variantNames(image).includes(lostName));
    expect(await backfillImages(shop.database.db, shop.config.uploadsDir)).toEqual({
      converted: naming.length,
      missing: 0,
    });
    expect(existsSync(lost)).toBe(true);
    expect(await stored()).toEqual(expect.arrayContaining([second]));
    expect((await stored()).map((image) => image.src)).toEqual(
      names.map((name) => `/uploads/products/${name}`),
    );
  });

  it('the sweep deletes the copies no product names once they are an hour old, a deleted product keeping its own', async () => {
    const shown = await upload(await makeImage('jpeg', { width: 400, height: 300, noise: true }));
    await shop.database.db.update(products).set({ isDeleted: true }).where(eq(products.id, shown._id));
    const folder = path.join(shop.config.uploadsDir, 'products', 'v');
    const named = variantNames(shown.images[0]!).map((name) => path.join(folder, name));
    const orphan = path.join(folder, `${'d'.repeat(24)}.avif`);
    const killedWrite = path.join(folder, `.${'e'.repeat(24)}.webp.0a1b2c3d4e5f.tmp`);
    const justWritten = path.join(folder, `${'f'.repeat(24)}.webp`);
    for (const file of [orphan, killedWrite, justWritten]) await writeFile(file, 'copy');
    const old = new Date(Date.now() - UNUSED_COPY_GRACE_MS - 60_000);
    for (const file of [orphan, killedWrite, ...named]) await utimes(file, old, old);

    expect(await sweepUnusedCopies(shop.database.db, shop.config.uploadsDir)).toBe(2);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(killedWrite)).toBe(false);
    expect(existsSync(justWritten)).toBe(true);
    for (const file of named) expect(existsSync(file), file).toBe(true);
    expect(await sweepUnusedCopies(shop.database.db, shop.config.uploadsDir)).toBe(0);
  });
});

const withoutDatabaseUrl = () => {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return rest;
};

/** `npm run images:backfill` in its own process on a shop's data folder, killed once it reports `killAt`. */
function runBackfill(dataDir: string, killAt?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/images-backfill.ts'], {
      cwd: SERVER_DIR,
      // The data folder's own embedded database, whatever the test run's database is.
      env: { ...withoutDatabaseUrl(), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killAt !== undefined && output.includes(`] ${killAt}/`)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(output));
  });
}

describe('npm run images:backfill', () => {
  let dataDir: string;
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('killed half way, a second run converts the rest and a third finds nothing to do', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-backfill-'));
    const productsDir = path.join(dataDir, 'uploads', 'products');
    const names = ['1', '2', '3', '4', '5', '6'].map((digit) => `${digit.repeat(32)}.jpg`);
    const database = await openDatabase({ dataDir });
    try {
      await mkdir(path.join(productsDir, 'thumbs'), { recursive: true });
      for (const name of names)
        await writeFile(
          path.join(productsDir, name),
          await makeImage('jpeg', { width: 700, height: 500, noise: true }),
        );
      await database.db.insert(products).values({
        id: 'f'.repeat(24),
        ...searchColumns({ name: 'Old desk', description: 'Uploaded before sized copies', translations: {} }),
        name: 'Old desk',
        description: 'Uploaded before sized copies',
        price: 100000,
        category: 'office',
        productImages: names.map((name) => `/uploads/products/${name}`),
      });
    } finally {
      await database.close();
    }
    const first = await runBackfill(dataDir, 2);
    expect(first).toContain('] 2/6');
    expect(first).not.toContain('converted,');
    const second = await runBackfill(dataDir);
    expect(second).toMatch(/\] \d\/[1-5] /);
    const third = await runBackfill(dataDir);
    expect(third).toContain('0 picture(s) converted');
    expect(third).toContain('Deleted 0 sized picture copies that no product shows.');

    const reopened = await openDatabase({ dataDir });
    try {
      const [row] = await reopened.db.select().from(products);
      expect(row!.imageVariants.map((image) => image.src)).toEqual(
        names.map((name) => `/uploads/products/${name}`),
      );
      for (const image of row!.imageVariants) {
        for (const { url } of [...entries(image.avif), ...entries(image.webp)]) {
          const file = await readFile(path.join(dataDir, url));
          expect(file.length).toBeGreaterThan(0);
        }
      }
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
