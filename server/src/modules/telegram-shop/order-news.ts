import { sql } from 'drizzle-orm';
import { orderNumber, type OrderNewsEvent } from '@shop/common';
import type { Tx } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';

type NewsFields = Pick<OrderRow, 'status' | 'paymentStatus' | 'deliveryStatus'>;

/** What a customer hears of a change of their order, in the order it happened. */
export function newsOfChange(before: NewsFields, after: NewsFields): OrderNewsEvent[] {
  const events: OrderNewsEvent[] = [];
  if (after.status !== before.status && after.status === 'ordered') events.push('confirmed');
  if (after.paymentStatus !== before.paymentStatus && after.paymentStatus === 'paid') events.push('paid');
  if (after.deliveryStatus !== before.deliveryStatus) {
    if (after.deliveryStatus === 'out_for_delivery') events.push('outForDelivery');
    if (after.deliveryStatus === 'delivered') events.push('delivered');
  }
  if (after.status !== before.status && after.status === 'cancelled') events.push('cancelled');
  return events;
}

/**
 * Puts order news in the outbox, in the caller's transaction, for the Telegram chat tied to the
 * account of the order's phone while its news are on; nothing when there is none. The message's
 * language is the chat's now, and what it says (number, total) is taken now.
 */
export async function enqueueOrderNews(
  tx: Tx,
  orderId: string,
  ...events: readonly OrderNewsEvent[]
): Promise<void> {
  for (const event of events) {
    await tx.execute(sql`
      insert into order_news (chat_id, order_id, event, language, payload)
      select l.chat_id, o.id, ${event}, l.language,
             jsonb_build_object('orderNumber', ${orderNumber(orderId)}::text, 'total', o.total)
        from orders o
        join users u on u.phone_number = o.phone_number
        join telegram_links l on l.user_id = u.id
       where o.id = ${orderId} and l.news`);
  }
}
