import { and, eq } from 'drizzle-orm';
import { newId } from '@shop/common';
import { orderLines, productVariants } from '../db/schema.js';
import type { TestShop } from './test-app.js';

/** A desk's variant as an order keeps it: its SKU and its label in each language. */
export const OAK_DESK = {
  sku: 'DESK-140-OAK',
  label: { uz: '140×70 sm · Eman', ru: '140×70 см · Дуб', en: '140×70 cm · Oak' },
};

/**
 * Makes an order's line one of a variant, as placing the order with that variant writes it: the
 * product gets the variant row, the line its id, SKU and label. Tests of what is sent or printed
 * about an order use it, so they do not depend on how the order was placed.
 */
export async function giveLineVariant(
  shop: TestShop,
  orderId: string,
  position = 0,
  variant: { sku: string; label: { uz: string; ru: string; en: string } } = OAK_DESK,
): Promise<void> {
  const { db } = shop.database;
  const where = and(eq(orderLines.orderId, orderId), eq(orderLines.position, position));
  const [line] = await db.select().from(orderLines).where(where);
  // One variant row per SKU (SKUs are unique): a test giving several lines the same one reuses it.
  const [known] = await db.select().from(productVariants).where(eq(productVariants.sku, variant.sku));
  const [row] = known
    ? [known]
    : await db
        .insert(productVariants)
        .values({
          id: newId(),
          productId: line!.productId,
          sku: variant.sku,
          values: { size: variant.sku },
          price: line!.price,
          stock: 10,
        })
        .returning();
  await db
    .update(orderLines)
    .set({ variantId: row!.id, sku: variant.sku, variantLabel: variant.label })
    .where(where);
}
