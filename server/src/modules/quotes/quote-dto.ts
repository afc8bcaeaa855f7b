import { inArray } from 'drizzle-orm';
import { shopDay, unitPrice, type PriceQuote } from '@shop/common';
import { consentView } from '../../plugins/consent.js';
import type { Db, Tx } from '../../db/client.js';
import { products, type ProductRow, type QuoteRow } from '../../db/schema.js';
import { discountOf } from '../products/product-dto.js';

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

/** Past its validity day (a Tashkent day) an answered quote can no longer be accepted. */
export const isExpired = (row: Pick<QuoteRow, 'validUntil'>, now: Date): boolean =>
  row.validUntil !== null && row.validUntil < shopDay(now);

export function toQuoteDto(row: QuoteRow, byId: ReadonlyMap<string, ProductRow>, now: Date): PriceQuote {
  const items = row.items.map((item) => {
    const product = byId.get(item.productId);
    return {
      product: {
        _id: item.productId,
        name: product?.name ?? '',
        productImages: product?.productImages ?? [],
        translations: product?.translations ?? {},
      },
      color: item.color,
      quantity: item.quantity,
      // What the shop asks of anyone today, a running sale included: the answer starts from there.
      listPrice: product
        ? unitPrice(
            { price: product.price, isDiscounted: product.isDiscounted, discounts: discountOf(product) },
            now,
          )
        : 0,
      price: item.price,
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
