import type { z } from 'zod';
import type { Order, PaymentMethod, orderCreateSchema } from '@shop/common';
import type { ConsentRecord } from '../../db/columns.js';

type OrderBody = z.output<typeof orderCreateSchema>;

/**
 * The validated body; `paymentMethod` (cash) and `buyer` (a person) may be left out by callers
 * inside the server. An accepted quote gives each line its `quotedPrice`, which replaces the
 * catalogue's price and discount.
 */
export type PlaceOrder = Omit<OrderBody, 'paymentMethod' | 'buyer' | 'items'> & {
  paymentMethod?: PaymentMethod;
  buyer?: OrderBody['buyer'];
  items: (OrderBody['items'][number] & { quotedPrice?: number })[];
  /** The consent placing the order gave, kept with it; null or left out when none was asked. */
  consentRecord?: ConsentRecord | null;
};

/** Whether a repeated request asks for the order a key already placed: same shopper, same lines. */
export function sameOrderRequest(order: Order, input: PlaceOrder): boolean {
  return (
    order.customer.fullName === input.customerName &&
    order.customer.phoneNumber === input.phoneNumber &&
    order.payment.method === (input.paymentMethod ?? 'cash') &&
    order.products.length === input.items.length &&
    order.products.every(
      (line, i) =>
        line.product._id === input.items[i]!.productId &&
        line.color === input.items[i]!.color &&
        line.quantity === input.items[i]!.quantity,
    )
  );
}
