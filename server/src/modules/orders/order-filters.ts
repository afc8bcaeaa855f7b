import { eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import { normalizePhone, shopDayEnd, shopDayStart, type OrderListQuery } from '@shop/common';
import { orders } from '../../db/schema.js';

export type OrderFilters = Omit<OrderListQuery, 'page' | 'limit'>;

/** The staff order list's filters, shared by the list and the export so both show the same orders. */
export function orderFilterConditions(query: OrderFilters): SQL[] {
  const conditions: SQL[] = [];
  if (query.status && query.status !== 'all') conditions.push(eq(orders.status, query.status));
  if (query.phoneNumber) {
    const phone = normalizePhone(query.phoneNumber);
    const digits = query.phoneNumber.replace(/\D/g, '');
    if (phone) conditions.push(eq(orders.phoneNumber, phone));
    else if (digits) conditions.push(like(orders.phoneNumber, `%${digits}%`));
  }
  // Served by orders_number_idx (the same expression).
  if (query.orderNumber) conditions.push(sql`right(${orders.id}, 6) = ${query.orderNumber}`);
  if (query.startDate) conditions.push(gte(orders.createdAt, shopDayStart(query.startDate)));
  if (query.endDate) conditions.push(lt(orders.createdAt, shopDayEnd(query.endDate)));
  if (query.paymentStatus && query.paymentStatus !== 'all')
    conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.paymentMethod && query.paymentMethod !== 'all')
    conditions.push(eq(orders.paymentMethod, query.paymentMethod));
  if (query.buyerType && query.buyerType !== 'all') conditions.push(eq(orders.buyerType, query.buyerType));
  return conditions;
}
