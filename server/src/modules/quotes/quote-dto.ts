import { inArray } from 'drizzle-orm';
import { shopDay, unitPrice, type PriceQuote } from '@shop/common';
import { consentView } from '../../plugins/consent.js';
import type { Db, Tx } from '../../db/client.js';
import {
  products,
  productVariants,
  type ProductRow,
  type ProductVariantRow,
  type QuoteRow,
} from '../../db/schema.js';
import { discountOf } from '../products/product-dto.js';
import { variantDiscountedPrice } from '../products/variant-reads.js';

/** The products some quote lines name, read in one query. */
export async function productsOf(
  executor: Db | Tx,
  items: readonly { productId: string }[],
): Promise<Map<string, ProductRow>> {
  const ids = [...new Set(items.map((item) => item.productId))];
  if (ids.length === 0) return new Map();
  const found = await executor.select().from(products).where(inArray(products.id, ids));
  return new Map(found.map((row) => [row.id, row]));
}

/** The variants of those products sold as variants, by product id (read, not locked: a quote takes no stock). */
export async function variantsOf(
  executor: Db | Tx,
  byId: ReadonlyMap<string, ProductRow>,
): Promise<Map<string, ProductVariantRow[]>> {
  const ids = [...byId.values()].filter((row) => row.options.length > 0).map((row) => row.id);
  const byProduct = new Map<string, ProductVariantRow[]>();
  if (ids.length === 0) return byProduct;
  const rows = await executor.select().from(productVariants).where(inArray(productVariants.productId, ids));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/** What the shop asks of anyone today for a line, a running sale included: the answer starts there. */
function listPriceOf(
  product: ProductRow | undefined,
  variant: ProductVariantRow | undefined,
  now: Date,
): number {
  if (!product) return 0;
  if (variant) return variantDiscountedPrice(variant, product, now) ?? variant.price;
  return unitPrice(
    { price: product.price, isDiscounted: product.isDiscounted, discounts: discountOf(product) },
    now,
  );
}

/** Past its validity day (a Tashkent day) an answered quote can no longer be accepted. */
export const isExpired = (row: Pick<QuoteRow, 'validUntil'>, now: Date): boolean =>
  row.validUntil !== null && row.validUntil < shopDay(now);

export function toQuoteDto(
  row: QuoteRow,
  byId: ReadonlyMap<string, ProductRow>,
  now: Date,
  variants: ReadonlyMap<string, readonly ProductVariantRow[]> = new Map(),
): PriceQuote {
  const items = row.items.map((item) => {
    const product = byId.get(item.productId);
    const variant =
      item.variant && variants.get(item.productId)?.find((known) => known.id === item.variant!._id);
    return {
      product: {
        _id: item.productId,
        name: product?.name ?? '',
        productImages: product?.productImages ?? [],
        translations: product?.translations ?? {},
      },
      color: item.color,
      quantity: item.quantity,
      listPrice: listPriceOf(product, variant, now),
      price: item.price,
      ...(item.variant && { variant: item.variant }),
    };
  });
  const priced = items.every((item) => item.price !== null);
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    contact: {
      name: row.contactName,
      phoneNumber: row.phoneNumber,
      ...(row.company && { company: row.company }),
    },
    items,
    note: row.note,
    reply: { note: row.replyNote, validUntil: row.validUntil },
    total: priced ? items.reduce((sum, item) => sum + item.price! * item.quantity, 0) : null,
    expired: isExpired(row, now),
    orderId: row.orderId,
    ...(row.consent && { consent: consentView(row.consent) }),
  };
}
