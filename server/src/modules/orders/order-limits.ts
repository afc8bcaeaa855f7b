import { and, count, eq, min, sql } from 'drizzle-orm';
import type { OrderLimits } from '../../config/config.js';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError, tooManyRequests } from '../../plugins/errors.js';
import type { FailureCounts } from '../../shared-state/local-failure-counts.js';
import { openOrder } from '../order-changes/open-orders.js';
import { quantitiesByProduct } from '../stock/stock.js';
import type { OrderItem } from './order-lines.js';

const HOUR_MS = 3_600_000;
/** First key of the advisory lock that queues one phone's concurrent placements (second: the phone's hash). */
const PHONE_LOCK_SPACE = 26_014;
/** The same for one client address's placements. */
const ADDRESS_LOCK_SPACE = 26_015;

/**
 * What one shopper may take of the stock (docs/decisions/019-abuse-limits.md): orders per client
 * address per hour (counted across processes in Redis when there is one), open orders per client
 * address and per phone (counts of the orders table), and units of one product per order.
 */
export class OrderGuard {
  constructor(
    readonly limits: OrderLimits,
    /** Orders placed per address in the hour; a refused or failed placement is forgiven. */
    private readonly perAddress: FailureCounts,
  ) {}

  /** Counts a placement from this address up front (so a burst cannot all pass); 429 past the limit. */
  async admit(address: string): Promise<void> {
    const wait = await this.perAddress.attempt(address);
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60_000));
      throw tooManyRequests(
        'ORDER_LIMIT',
        `Too many orders from this address: at most ${this.limits.ordersPerAddressPerHour} an hour. ` +
          `Try again in ${minutes} min.`,
        wait,
      );
    }
  }

  /** The placement did not make an order: it does not count against the address. */
  forgive(address: string): Promise<void> {
    return this.perAddress.forgive(address);
  }

  /**
   * 429 when the client address already holds its open (new, unpaid) orders: phones are typed,
   * never proven, so the per-phone count alone holds nothing against invented numbers. A count of
   * the orders table under a lock on the address, so it holds across processes.
   */
  async checkOpenOrdersOfAddress(tx: Tx, address: string, now: Date): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}, hashtext(${address}))`);
    const [open] = await tx
      .select({ count: count(), oldest: min(orders.createdAt) })
      .from(orders)
      .where(and(eq(orders.clientAddress, address), openOrder));
    const max = this.limits.openOrdersPerAddress;
    if (!open || open.count < max) return;
    throw tooManyRequests(
      'ORDER_LIMIT',
      `${max} orders from this address are waiting for confirmation. ` +
        'A new order can be placed once one is confirmed, paid or cancelled.',
      this.waitForOldest(open.oldest, now),
    );
  }

  /** The oldest open order frees a place when its hold ends; without a hold, when staff act on it. */
  private waitForOldest(oldest: Date | null, now: Date): number {
    const holdEnds = oldest && this.limits.holdMs > 0 ? oldest.getTime() + this.limits.holdMs : 0;
    return holdEnds > now.getTime() ? holdEnds - now.getTime() : HOUR_MS;
  }

  /**
   * 429 when the phone already has its open (new, unpaid) orders. Called in the placing
   * transaction under a lock on the phone, so two placements racing for one phone count in turn.
   */
  async checkOpenOrders(tx: Tx, phone: string, now: Date): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_LOCK_SPACE}, hashtext(${phone}))`);
    const [open] = await tx
      .select({ count: count(), oldest: min(orders.createdAt) })
      .from(orders)
      .where(and(eq(orders.phoneNumber, phone), openOrder));
    const max = this.limits.openOrdersPerPhone;
    if (!open || open.count < max) return;
    throw tooManyRequests(
      'ORDER_LIMIT',
      `This phone number already has ${max} orders waiting for confirmation. ` +
        'We will call you about them; a new order can be placed once one is confirmed.',
      this.waitForOldest(open.oldest, now),
    );
  }
}

/** Lines of the same product, colour and variant as one line (the first one's place), before pricing. */
export function mergeLines<T extends OrderItem>(items: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const item of items) {
    const key = [item.productId, item.color, item.variantId ?? '', item.sku?.toUpperCase() ?? ''].join(
      '\u0000',
    );
    const earlier = merged.get(key);
    merged.set(key, earlier ? { ...earlier, quantity: earlier.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()];
}

/** 400 when one product (all its lines together) exceeds the cap; 0 = no cap. */
export function checkUnitsPerProduct(items: readonly OrderItem[], max: number): void {
  if (max <= 0) return;
  for (const [productId, quantity] of quantitiesByProduct(items)) {
    if (quantity <= max) continue;
    const position = items.findIndex((item) => item.productId === productId);
    const message = `One order may hold at most ${max} units of a product (this one asks for ${quantity})`;
    throw new AppError(400, 'TOO_MANY_UNITS', message, [{ path: `items.${position}.quantity`, message }]);
  }
}
