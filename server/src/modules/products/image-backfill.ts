import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, gt } from 'drizzle-orm';
import type { ProductImage } from '@shop/common';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { storedName } from './images.js';
import {
  holdPictureCopies,
  prepareVariants,
  VARIANTS_FOLDER,
  variantNames,
  writeVariants,
  type VariantFile,
} from './image-variants.js';

export interface BackfillProgress {
  done: number;
  total: number;
  /** The picture just handled and what happened to it. */
  src: string;
  outcome: 'converted' | 'missing';
}

/** A picture recorded with sized copies of which one is no longer on disk. */
const copiesLost = (productsDir: string, image: ProductImage) =>
  variantNames(image).some((name) => !existsSync(path.join(productsDir, VARIANTS_FOLDER, name)));

/**
 * Every stored picture that has no sized copies yet, or whose copies are gone from disk (deleted
 * by a removal racing an identical upload, or lost), product by product.
 */
async function pending(db: Db, productsDir: string): Promise<{ id: string; src: string }[]> {
  const rows = await db
    .select({ id: products.id, productImages: products.productImages, imageVariants: products.imageVariants })
    .from(products)
    .orderBy(products.id);
  return rows.flatMap((row) =>
    row.productImages
      .filter((src) => {
        if (!storedName(src)) return false;
        const recorded = row.imageVariants.find((image) => image.src === src);
        return !recorded || copiesLost(productsDir, recorded);
      })
      .map((src) => ({ id: row.id, src })),
  );
}

/**
 * Records one picture's copies on its product (in place of a record whose files were lost), making
 * sure of them on disk under `holdPictureCopies` first: a removal may have deleted one the write
 * found already there.
 */
async function record(
  db: Db,
  productsDir: string,
  id: string,
  image: ProductImage,
  files: readonly VariantFile[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ productImages: products.productImages, imageVariants: products.imageVariants })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!row?.productImages.includes(image.src)) return;
    await holdPictureCopies(tx);
    await writeVariants(productsDir, files);
    const imageVariants = [...row.imageVariants.filter((known) => known.src !== image.src), image];
    await tx.update(products).set({ imageVariants }).where(eq(products.id, id));
  });
}

/**
 * Converts the pictures stored before sized copies existed, and those whose copies are gone from
 * disk. One picture at a time, each recorded
 * as soon as its files are written: a run that is stopped loses at most the picture in hand, and
 * the next run starts from what is still missing (a second run over a converted shop does nothing).
 */
export async function backfillImages(
  db: Db,
  uploadsDir: string,
  onProgress: (progress: BackfillProgress) => void = () => undefined,
): Promise<{ converted: number; missing: number }> {
  const productsDir = path.join(uploadsDir, 'products');
  const todo = await pending(db, productsDir);
  let converted = 0;
  let missing = 0;
  for (const [index, { id, src }] of todo.entries()) {
    const data = await readFile(path.join(productsDir, storedName(src)!)).catch(() => null);
    if (data) {
      const variants = await prepareVariants(data);
      await writeVariants(productsDir, variants.files);
      await record(db, productsDir, id, { src, ...variants.image }, variants.files);
      converted += 1;
    } else missing += 1;
    onProgress({ done: index + 1, total: todo.length, src, outcome: data ? 'converted' : 'missing' });
  }
  return { converted, missing };
}

/**
 * How long a sized copy may lie unrecorded before a sweep takes it: an upload writes its copies
 * before its product row names them, and a backfill records each picture just after writing it.
 */
export const UNUSED_COPY_GRACE_MS = 60 * 60 * 1000;

/** Every sized copy some product names, a deleted one's too (it can be restored). */
async function namedCopies(db: Db): Promise<Set<string>> {
  const names = new Set<string>();
  let after = '';
  for (;;) {
    const page = await db
      .select({ id: products.id, imageVariants: products.imageVariants })
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(1000);
    for (const row of page)
      for (const image of row.imageVariants) variantNames(image).forEach((n) => names.add(n));
    if (page.length < 1000) return names;
    after = page.at(-1)!.id;
  }
}

/**
 * Deletes the sized copies no product names: those of pictures removed before removals took
 * their copies along, and the temporary files of a write that was killed. A file younger than
 * `UNUSED_COPY_GRACE_MS` is kept, since an upload in flight may not have recorded it yet.
 */
export async function sweepUnusedCopies(db: Db, uploadsDir: string, now = Date.now()): Promise<number> {
  const folder = path.join(uploadsDir, 'products', VARIANTS_FOLDER);
  const files = await readdir(folder).catch(() => []);
  if (files.length === 0) return 0;
  const named = await namedCopies(db);
  let removed = 0;
  for (const name of files) {
    if (named.has(name)) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < UNUSED_COPY_GRACE_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
