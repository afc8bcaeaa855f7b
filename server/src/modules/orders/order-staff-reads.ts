import { and, eq, inArray } from 'drizzle-orm';
import type { Order } from '@shop/common';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';

/** Which personal details staff opened: a customer's orders, some orders, or an export's filters. */
export interface StaffRead {
  customer?: string;
  orderIds?: string[];
  exported?: object;
}

/**
 * Staff opened a customer's personal details: who, when and which, in the audit log. A plain page
 * of the list is not recorded, or the log would hold every glance at the back office.
 */
export async function recordStaffRead(db: Db, actor: Actor, what: StaffRead): Promise<void> {
  await db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: 'read',
      entity: 'order',
      entityId: what.customer ?? (what.exported ? 'export' : (what.orderIds?.join(',') ?? '')),
      extra: {
        ...(what.orderIds && { orders: { before: null, after: what.orderIds } }),
        ...(what.exported && { filters: { before: null, after: what.exported } }),
      },
    }),
  );
}

/** Staff see which orders came from a phone an account proved by SMS code (one query a page). */
export async function withVerifiedPhones(db: Db, list: Order[]): Promise<Order[]> {
  const phones = [...new Set(list.map((order) => order.customer.phoneNumber))];
  if (phones.length === 0) return list;
  const verified = await db
    .select({ phone: users.phoneNumber })
    .from(users)
    .where(and(inArray(users.phoneNumber, phones), eq(users.phoneVerified, true)));
  const set = new Set(verified.map((row) => row.phone));
  return list.map((order) => ({
    ...order,
    customer: { ...order.customer, phoneVerified: set.has(order.customer.phoneNumber) },
  }));
}
