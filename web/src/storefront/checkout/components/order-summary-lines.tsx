import type { OrderLine } from '@shop/common';
import { OrderLineItem } from '../../../entities/order/order-line-item';

/** What was ordered, line by line, in the shopper's language. */
export function OrderSummaryLines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul className="divide-y divide-stone-100" data-testid="confirmation-lines">
      {lines.map((line, index) => (
        <OrderLineItem key={`${line.product._id}-${line.color}-${index}`} line={line} />
      ))}
    </ul>
  );
}
