import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ProductImage } from '@shop/common';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { storedName } from './images.js';
import { prepareVariants, writeVariants } from './image-variants.js';

export interface BackfillProgress {
  done: number;
  total: number;
  /** The picture just handled and what happened to it. */
  src: string;
  outcome: 'converted' | 'missing';
}

/** Every stored picture that has no sized copies yet, product by product. */
async function pending(db: Db): Promise<{ id: string; src: string }[]> {
  const rows = await db
    .select({ id: products.id, productImages: products.productImages, imageVariants: products.imageVariants })
    .from(products)
    .orderBy(products.id);
  return rows.flatMap((row) =>
    row.productImages
      .filter((src) => storedName(src) && !row.imageVariants.some((image) => image.src === src))
      .map((src) => ({ id: row.id, src })),
  );
}

/** Adds one picture's copies to its product, unless it was removed or converted meanwhile. */
async function record(db: Db, id: string, image: ProductImage): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ productImages: products.productImages, imageVariants: products.imageVariants })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!row?.productImages.includes(image.src)) return;
    if (row.imageVariants.some((known) => known.src === image.src)) return;
    await tx
      .update(products)
      .set({ imageVariants: [...row.imageVariants, image] })
      .where(eq(products.id, id));
  });
}

/**
 * Converts the pictures stored before sized copies existed. One picture at a time, each recorded
 * as soon as its files are written: a run that is stopped loses at most the picture in hand, and
 * the next run starts from what is still missing (a second run over a converted shop does nothing).
 */
export async function backfillImages(
  db: Db,
  uploadsDir: string,
  onProgress: (progress: BackfillProgress) => void = () => undefined,
): Promise<{ converted: number; missing: number }> {
  const productsDir = path.join(uploadsDir, 'products');
  const todo = await pending(db);
  let converted = 0;
  let missing = 0;
  for (const [index, { id, src }] of todo.entries()) {
    const data = await readFile(path.join(productsDir, storedName(src)!)).catch(() => null);
    if (data) {
      const variants = await prepareVariants(data);
      await writeVariants(productsDir, variants.files);
      await record(db, id, { src, ...variants.image });
      converted += 1;
    } else missing += 1;
    onProgress({ done: index + 1, total: todo.length, src, outcome: data ? 'converted' : 'missing' });
  }
  return { converted, missing };
}
