import type { PromoLine } from '@shop/common';
import type { Tx } from '../../db/client.js';
import type { ProductRow } from '../../db/schema.js';
import type { DeliveryColumns } from '../delivery/order-delivery.js';
import { choosePromo, takePromoUse, type PromoChoice } from '../promotions/promo-use.js';

interface PricedLine {
  productId: string;
  quantity: number;
  price: number;
  discountedPrice: number | null;
}

/** The order's promo columns; none without a code. */
export interface OrderPromo {
  choice: PromoChoice | undefined;
  columns: {
    promoCode: string | null;
    promoKind: PromoChoice['applied']['kind'] | null;
    promoDiscount: number;
  };
  /** So'm the code takes off the goods (0 for free delivery: the fee is waived instead). */
  goodsDiscount: number;
}

const NO_PROMO: OrderPromo = {
  choice: undefined,
  columns: { promoCode: null, promoKind: null, promoDiscount: 0 },
  goodsDiscount: 0,
};

/**
 * Applies the shopper's code to the new order's priced lines and delivery, in place: each line
 * gets its share of the goods discount in tiyin (so the receipts add up), or the delivery fee
 * is waived. 400 PROMO_CODE_INVALID when the code cannot be used.
 */
export async function applyOrderPromo<L extends PricedLine>(
  tx: Tx,
  code: string | undefined,
  lines: L[],
  byId: ReadonlyMap<string, ProductRow>,
  delivery: DeliveryColumns,
  now: Date,
): Promise<{ promo: OrderPromo; lines: (L & { promoDiscount: number })[] }> {
  if (!code) return { promo: NO_PROMO, lines: lines.map((line) => ({ ...line, promoDiscount: 0 })) };
  const cart: PromoLine[] = lines.map((line) => ({
    productId: line.productId,
    category: byId.get(line.productId)!.category,
    unitPrice: line.discountedPrice ?? line.price,
    quantity: line.quantity,
  }));
  const choice = await choosePromo(tx, code, cart, delivery.deliveryFee, now);
  const { applied } = choice;
  const freeDelivery = applied.kind === 'free_delivery';
  if (freeDelivery) delivery.deliveryFee = 0;
  return {
    promo: {
      choice,
      columns: { promoCode: choice.row.code, promoKind: applied.kind, promoDiscount: applied.discount },
      goodsDiscount: freeDelivery ? 0 : applied.discount,
    },
    lines: lines.map((line, i) => ({ ...line, promoDiscount: applied.lineDiscounts[i] ?? 0 })),
  };
}

/** Counts the placed order's use of its code (after the order row exists, for the use's key). */
export async function countOrderPromo(
  tx: Tx,
  promo: OrderPromo,
  order: { id: string; phoneNumber: string },
): Promise<void> {
  if (!promo.choice) return;
  await takePromoUse(tx, promo.choice.row, {
    orderId: order.id,
    phoneNumber: order.phoneNumber,
    discount: promo.choice.applied.discount,
  });
}
