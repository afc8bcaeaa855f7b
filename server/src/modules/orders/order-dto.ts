import { asc, eq, inArray } from 'drizzle-orm';
import type { CustomerOrder, Order, ProductTranslations } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { orderLines, products, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { deliveryOf } from '../delivery/order-delivery.js';
import type { OrderPayments } from '../payments/order-payments.js';

export interface LineWithProduct extends Omit<OrderLineRow, 'id'> {
  productName: string;
  productImages: string[];
  productTranslations: ProductTranslations;
}

export function toOrderDto(
  order: OrderRow,
  lines: readonly LineWithProduct[],
  payments: OrderPayments,
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
    })),
    payment: payments.toWire(order),
    delivery: deliveryOf(order),
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

/** What the audit log keeps of an order: the fields staff change, and its lines. */
export function auditedOrder(order: OrderRow, lines: readonly OrderLineRow[]) {
  return {
    status: order.status,
    notes: order.notes,
    total: order.total,
    paymentStatus: order.paymentStatus,
    delivery: deliveryOf(order),
    products: lines.map((line) => ({
      product: line.productId,
      color: line.color,
      quantity: line.quantity,
      discountedPrice: line.discountedPrice,
    })),
  };
}

/**
 * What the public lookup by phone shows: never the staff's notes, nor the delivery address (the
 * lookup proves nothing about who asks; decision 018).
 */
export function customerView({ notes: _notes, delivery, ...order }: Order): CustomerOrder {
  const { address: _address, ...withoutAddress } = delivery;
  return { ...order, delivery: withoutAddress };
}
