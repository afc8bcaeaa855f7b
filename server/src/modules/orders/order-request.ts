import type { z } from 'zod';
import type { Order, PaymentMethod, orderCreateSchema } from '@shop/common';

/** The validated body; `paymentMethod` may be left out by callers inside the server (cash). */
export type PlaceOrder = Omit<z.output<typeof orderCreateSchema>, 'paymentMethod'> & {
  paymentMethod?: PaymentMethod;
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
