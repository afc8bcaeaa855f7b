import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { orderLines, products, type OrderRow } from '../../../db/schema.js';
import { AppError } from '../../../plugins/errors.js';
import type { ReceiptOrderSource } from './receipt.js';

/**
 * An order's lines with their products' codes as they are now: a code staff fix after the order
 * was placed is the one the receipt prints.
 */
export async function receiptSourceOf(executor: Db | Tx, order: OrderRow): Promise<ReceiptOrderSource> {
  const lines = await executor
    .select({
      title: products.name,
      variantLabel: orderLines.variantLabel,
      price: orderLines.price,
      discountedPrice: orderLines.discountedPrice,
      promoDiscount: orderLines.promoDiscount,
      quantity: orderLines.quantity,
      ikpu: products.ikpu,
      packageCode: products.packageCode,
      vatPercent: products.vatPercent,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return {
    lines: lines.map(({ variantLabel, ...line }) => ({ ...line, variant: variantLabel?.uz ?? null })),
    deliveryFee: order.deliveryFee,
    assemblyFee: order.assemblyFee,
    carryFee: order.carryFee,
  };
}

/** 400 naming what has no fiscal codes: an online payment would have no lawful receipt. */
export const fiscalDataMissing = (missing: readonly string[]) =>
  new AppError(
    400,
    'FISCAL_DATA_MISSING',
    `This order cannot be paid online yet: ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} no fiscal codes (MXIK). Pay in cash on delivery, or ask the shop.`,
    missing.map((title) => ({ path: 'paymentMethod', message: `${title}: no fiscal codes` })),
  );
