import { asc, eq, inArray } from 'drizzle-orm';
import {
  orderNumber,
  type CustomerOrder,
  type Order,
  type ProductTranslations,
  type ShopperOrder,
} from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { orderLines, products, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { consentView } from '../../plugins/consent.js';
import { deliveryOf } from '../delivery/order-delivery.js';
import type { OrderPayments } from '../payments/order-payments.js';
import type { PaymentFacts } from '../payments/payment-facts.js';
import { buyerOf } from './order-buyer.js';

export interface LineWithProduct extends Omit<OrderLineRow, 'id'> {
  productName: string;
  productImages: string[];
  productTranslations: ProductTranslations;
}

/** `orderKey`: only when answering whoever holds it, for the provider's return address. */
export function toOrderDto(
  order: OrderRow,
  lines: readonly LineWithProduct[],
  payments: OrderPayments,
  facts: PaymentFacts,
  orderKey?: string,
): Order {
  return {
    _id: order.id,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    status: order.status,
    total: order.total,
    notes: order.notes,
    customer: { fullName: order.customerName, phoneNumber: order.phoneNumber },
    products: lines.map((line) => ({
      product: {
        _id: line.productId,
        name: line.productName,
        productImages: line.productImages,
        translations: line.productTranslations,
      },
      color: line.color,
      quantity: line.quantity,
      price: line.price,
      discountedPrice: line.discountedPrice,
      ...(line.promoDiscount > 0 && { promoDiscount: line.promoDiscount }),
      ...(line.variantId &&
        line.variantLabel && {
          variant: { _id: line.variantId, sku: line.sku ?? '', label: line.variantLabel },
        }),
    })),
    payment: payments.toWire(order, facts, orderKey),
    delivery: deliveryOf(order),
    ...buyerOf(order),
    ...(order.consent && { consent: consentView(order.consent) }),
    ...(order.promoCode &&
      order.promoKind && {
        promo: { code: order.promoCode, kind: order.promoKind, discount: order.promoDiscount },
      }),
  };
}

/** The order as its link shows it: what was bought and how it stands, nothing about people. */
export function toShopperOrder(order: Order): ShopperOrder {
  const {
    cashReceived: _staffOnly,
    bankTransfer: _recorded,
    receipt: _staffReceipt,
    ...payment
  } = order.payment;
  const { address: _address, ...delivery } = order.delivery;
  return {
    _id: order._id,
    orderNumber: orderNumber(order._id),
    createdAt: order.createdAt,
    status: order.status,
    total: order.total,
    products: order.products,
    payment,
    delivery,
    ...(order.buyer && { buyer: order.buyer }),
    ...(order.invoiceNumber && { invoiceNumber: order.invoiceNumber }),
    ...(order.promo && { promo: order.promo }),
  };
}

/** The lines of many orders with their products, in one query (no query per order). */
export async function linesByOrder(
  executor: Db | Tx,
  rows: readonly OrderRow[],
): Promise<Map<string, LineWithProduct[]>> {
  const lines = await executor
    .select({
      line: orderLines,
      productName: products.name,
      productImages: products.productImages,
      productTranslations: products.translations,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const byOrder = new Map<string, LineWithProduct[]>();
  for (const { line, productName, productImages, productTranslations } of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({ ...line, productName, productImages, productTranslations });
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

/**
 * What the public lookup by phone shows: never the staff's notes, nor the delivery address (the
 * lookup proves nothing about who asks; decision 018), nor who took the cash (decision 020).
 */
export function customerView({ notes: _notes, delivery, payment, ...order }: Order): CustomerOrder {
  const { address: _address, ...withoutAddress } = delivery;
  const {
    cashReceived: _staffOnly,
    bankTransfer: _recorded,
    receipt: _staffReceipt,
    ...shownPayment
  } = payment;
  return { ...order, payment: shownPayment, delivery: withoutAddress };
}
