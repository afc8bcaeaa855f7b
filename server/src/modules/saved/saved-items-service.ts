import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { ID_PATTERN, WISHLIST_MAX_ITEMS, type Product } from '@shop/common';
import type { Db } from '../../db/client.js';
import { products, users, wishlistItems } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { toProductDto } from '../products/product-dto.js';
import { isVisibleToShoppers, visibleToShoppers } from '../products/shopper-visibility.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');
const listFull = () =>
  conflict('WISHLIST_FULL', `You can keep at most ${WISHLIST_MAX_ITEMS} saved products; remove one first`);

/**
 * Locks the customer's row, so that their concurrent saves queue up and the size limit holds.
 * Returns how many products on their list shoppers can see (the ones the limit counts).
 */
async function lockList(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ total: count() })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), visibleToShoppers));
  return row?.total ?? 0;
}

/**
 * A customer's saved products. A product that is paused or deleted stays saved but is not shown
 * (nor counted), so it comes back if staff restore it.
 */
export class SavedItemsService {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<Product[]> {
    const rows = await this.db
      .select({ product: products })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.userId, userId), visibleToShoppers))
      .orderBy(desc(wishlistItems.id))
      .limit(WISHLIST_MAX_ITEMS);
    const now = new Date();
    return rows.map(({ product }) => toProductDto(product, now));
  }

  /** Saves a product shoppers can see; saving it again changes nothing (it keeps its place). */
  async save(userId: string, productId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ isDeleted: products.isDeleted, status: products.status })
        .from(products)
        .where(eq(products.id, productId));
      if (!product || !isVisibleToShoppers(product)) throw productNotFound();
      const saved = await lockList(tx, userId);
      const [already] = await tx
        .select({ id: wishlistItems.id })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
      if (already) return;
      if (saved >= WISHLIST_MAX_ITEMS) throw listFull();
      await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
    });
  }

  /** Removes a product from the list, whatever its state; removing one that is not saved is fine. */
  async remove(userId: string, productId: string): Promise<void> {
    const [product] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw productNotFound();
    await this.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  }

  /**
   * Adds a guest's list (oldest first) to the account at sign-in: products already saved keep their
   * place, new ones go on top in the guest's order, ids of products shoppers cannot see are skipped,
   * and when the list would overflow the guest's most recent saves are the ones kept.
   */
  async merge(userId: string, productIds: readonly string[]): Promise<Product[]> {
    const wanted = [...new Set(productIds.filter((id) => ID_PATTERN.test(id)))];
    if (wanted.length > 0) {
      await this.db.transaction(async (tx) => {
        const room = WISHLIST_MAX_ITEMS - (await lockList(tx, userId));
        if (room <= 0) return;
        const available = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, wanted), visibleToShoppers));
        const saved = await tx
          .select({ productId: wishlistItems.productId })
          .from(wishlistItems)
          .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, wanted)));
        const availableIds = new Set(available.map((row) => row.id));
        const savedIds = new Set(saved.map((row) => row.productId));
        const added = wanted.filter((id) => availableIds.has(id) && !savedIds.has(id)).slice(-room);
        // Rows are numbered in the order given, so the guest's last save comes out on top.
        if (added.length > 0)
          await tx
            .insert(wishlistItems)
            .values(added.map((productId) => ({ userId, productId })))
            .onConflictDoNothing();
      });
    }
    return this.list(userId);
  }
}
