import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { OPEN_PAYMENT_STATUSES } from '@shop/common';
import { orders } from '../../db/schema.js';

/** `isOpenOrder` (common) as a query's condition: new, and still waiting for its money. */
export const openOrder: SQL = and(
  eq(orders.status, 'new'),
  inArray(orders.paymentStatus, [...OPEN_PAYMENT_STATUSES]),
)!;
