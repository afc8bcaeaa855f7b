import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { newId } from '@shop/common';
import type { Db } from '../db/client.js';
import { products } from '../db/schema.js';
import { describeImages, prepareImages, type ImageStore } from '../modules/products/images.js';
import { addToDictionary } from '../modules/products/search/product-search.js';
import { searchColumns } from '../modules/products/search/search-document.js';
import { DEMO_FISCAL_CODES } from './demo-fiscal.js';
import { DEMO_PRODUCTS } from './demo-products.js';
import { DEMO_VARIANTS, seedDemoVariants } from './demo-variants.js';
import { DEMO_IMAGES_DIR } from '../paths.js';

const DAY_MS = 86_400_000;

const daysFromNow = (offset: number | null, now: number) =>
  offset === null ? null : new Date(now + offset * DAY_MS);

/**
 * The catalogue's "newest" order follows the list, except that the products sold as variants are
 * the oldest: a spec §7 client that buys the first products of the listing by colour finds plain
 * ones (a colour alone does not name a rack's width).
 */
function demoProductsOldestFirst() {
  const withVariants = DEMO_PRODUCTS.filter((demo) => demo.image in DEMO_VARIANTS);
  return [...withVariants, ...DEMO_PRODUCTS.filter((demo) => !(demo.image in DEMO_VARIANTS))];
}

/** Loads the 14 sample products with their drawn pictures; returns how many were added. */
export async function seedDemoProducts(
  db: Db,
  images: ImageStore,
  options: { onlyIfEmpty: boolean },
): Promise<number> {
  if (options.onlyIfEmpty) {
    const [row] = await db.select({ total: count() }).from(products);
    if ((row?.total ?? 0) > 0) return 0;
  }
  const { default: sharp } = await import('sharp');
  const now = Date.now();
  let added = 0;
  for (const [index, demo] of demoProductsOldestFirst().entries()) {
    const svg = await readFile(join(DEMO_IMAGES_DIR, demo.image));
    const picture = await sharp(svg).resize(800, 600).webp({ quality: 82 }).toBuffer();
    const [prepared] = await prepareImages([{ filename: demo.image, data: picture }]);
    const [path] = await images.save([prepared!]);
    const createdAt = new Date(now - (DEMO_PRODUCTS.length - index) * 60_000);
    const search = searchColumns(demo);
    const id = newId();
    try {
      await db.insert(products).values({
        id,
        name: demo.name,
        description: demo.description,
        translations: demo.translations,
        ...search,
        price: demo.price,
        assemblyPrice: demo.assemblyPrice ?? 0,
        category: demo.category,
        color: [...demo.color],
        stock: demo.stock,
        isNewProduct: demo.isNewProduct,
        isDiscounted: demo.discount !== null,
        discountType: demo.discount?.type ?? null,
        discountValue: demo.discount?.value ?? null,
        discountStart: demo.discount ? daysFromNow(demo.discount.startOffsetDays, now) : null,
        discountEnd: demo.discount ? daysFromNow(demo.discount.endOffsetDays, now) : null,
        productImages: [path!],
        imageVariants: describeImages([prepared!], [path!]),
        ikpu: DEMO_FISCAL_CODES[demo.image]?.ikpu ?? null,
        packageCode: DEMO_FISCAL_CODES[demo.image]?.packageCode ?? null,
        createdAt,
        updatedAt: createdAt,
      });
    } catch (error) {
      await images.remove([path!]);
      throw error;
    }
    await seedDemoVariants(db, id, demo.image);
    // The typo dictionary learns the demo words, as it does on every product write.
    await addToDictionary(db, search.searchText);
    added += 1;
  }
  return added;
}
