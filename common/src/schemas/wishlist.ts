import { z } from 'zod';
import { WISHLIST_MAX_ITEMS } from '../ratings.js';
import { idSchema } from './common.js';
import { productSchema } from './product.js';

/** Saved products a shopper can still buy, the most recently saved first. */
export const wishlistSchema = z.object({ docs: z.array(productSchema) });
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistProductParams = z.object({ productId: idSchema });

/**
 * A guest's list (localStorage `wishlist`, oldest first) handed over at sign-in. Ids that name no
 * product a shopper can buy are skipped rather than refused: the list may be old.
 */
export const wishlistMergeSchema = z.object({
  productIds: z.array(z.string().max(64)).max(WISHLIST_MAX_ITEMS),
});
export type WishlistMerge = z.infer<typeof wishlistMergeSchema>;
