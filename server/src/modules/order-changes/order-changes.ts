import { asc, eq } from 'drizzle-orm';
import {
  orderTotals,
  type AuditChanges,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@shop/common';
import type { Tx } from '../../db/client.js';
import { orderLines, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import type { Actor } from '../audit/audit-log.js';
import { deliveryFees, type DeliveryColumns } from '../delivery/order-delivery.js';
import { moveLinesStock, stockMovesOf, type StockMoves } from '../stock/stock.js';
import { recordReceivedPayment, whyNotReceivable, type MoneyReceived } from './received-payments.js';

/** An order line as a line edit writes it. */
export type EditedLine = Omit<OrderLineRow, 'id'>;

/** The payment columns a staff status change moves with it (decided by the payments module). */
export type StatusPaymentColumns = Partial<Pick<OrderRow, 'paymentStatus' | 'paidAt' | 'paymentDueAt'>>;

/**
 * Every way an existing order changes, by name. A new kind of change is a new member here and its
 * rule in `RULES` below (the compiler asks for it); its alert, news and audit entry then follow
 * from the row before and after (`change-effects.ts`).
 */
export type OrderChange =
  /** A repeat of a checkout attempt got a new order key; the old one stops opening the order. */
  | { name: 'keyRenewed'; orderKeyHash: string }
  /** A provider opened a transaction (Payme created, Click prepared, an Uzum contract made). */
  | { name: 'paymentOpened' }
  /** The provider cancelled before any money moved: a new order waits as `failed` for its time to pay. */
  | { name: 'paymentFailed' }
  /** The order's last open transaction was given up on its own (timed out, another one paid). */
  | { name: 'paymentAbandoned' }
  /** Money arrived, by any method: one received payment is written and the order is paid. */
  | { name: 'paid'; money: MoneyReceived }
  /** Its time to pay ran out before any money arrived. */
  | { name: 'paymentExpired' }
  /** A new unpaid order held its stock past ORDER_HOLD_HOURS. */
  | { name: 'holdExpired' }
  /** The provider gave the money back (Payme's cancel of a performed transaction). */
  | { name: 'refunded' }
  /** The shopper chose to pay again or in cash after a payment did not go through. */
  | { name: 'paymentMethodChanged'; method: PaymentMethod; paymentDueAt: Date | null }
  /** Staff moved, readdressed or advanced the delivery (checked against the slots by the caller). */
  | { name: 'deliveryChanged'; delivery: Partial<DeliveryColumns> }
  /** Staff set the order's status, with what that does to its payment. */
  | { name: 'statusSet'; status: OrderStatus; payment: StatusPaymentColumns; refundConfirmed: boolean }
  /** Staff edited the lines: the stock follows while the order holds it, the total is priced again. */
  | { name: 'linesEdited'; lines: readonly EditedLine[] }
  | { name: 'notesSet'; notes: string }
  /** A provider registered the payment's fiscal receipt: its page is shown with the payment. */
  | { name: 'receiptRecorded'; url: string };

export type OrderChangeName = OrderChange['name'];

interface ChangeRule<C extends OrderChange> {
  /** The columns it sets on the locked row; throws its refusal (an AppError) when the order cannot take it. */
  columns(order: OrderRow, change: C): Partial<OrderRow>;
  /** What it writes beside the order row, after `columns` accepted it, under the same lock. */
  write?(tx: Tx, order: OrderRow, change: C, by: Actor | null): Promise<void>;
  /** Audited even when the shop makes it by itself (a staff member's change always is). */
  audited?: true;
  /** What the audit entry tells besides the columns. */
  facts?(change: C): AuditChanges;
}

type Rules = { [N in OrderChangeName]: ChangeRule<Extract<OrderChange, { name: N }>> };

const yes = { before: false, after: true };

/** While a provider's transaction is open. */
const PENDING = 'pending' satisfies PaymentStatus;

/** The order's last open transaction closed: a pending order waits for a payment again as `then`. */
const afterTransaction = (order: OrderRow, then: PaymentStatus): Partial<OrderRow> =>
  order.paymentStatus === PENDING ? { paymentStatus: then } : {};

const RULES: Rules = {
  keyRenewed: { columns: (_order, { orderKeyHash }) => ({ orderKeyHash }) },
  paymentOpened: { columns: () => ({ paymentStatus: PENDING }) },
  paymentFailed: {
    columns: (order) => afterTransaction(order, order.status === 'new' ? 'failed' : 'unpaid'),
  },
  paymentAbandoned: { columns: (order) => afterTransaction(order, 'unpaid') },
  paid: {
    columns: (order, { money }) => {
      const refused = whyNotReceivable(order, money);
      if (refused) throw refused;
      return { paymentStatus: 'paid', paidAt: money.receivedAt };
    },
    write: (tx, order, { money }, by) => recordReceivedPayment(tx, order.id, money, by),
  },
  paymentExpired: {
    columns: (order) => {
      if (order.paymentStatus === 'paid') throw new Error(`order ${order.id} is paid: refund it instead`);
      return { status: 'cancelled', paymentStatus: 'cancelled' };
    },
  },
  holdExpired: {
    columns: () => ({ status: 'cancelled', paymentStatus: 'cancelled', paymentDueAt: null }),
    audited: true,
    facts: () => ({ holdExpired: yes }),
  },
  refunded: { columns: () => ({ status: 'cancelled', paymentStatus: 'refunded' }) },
  paymentMethodChanged: {
    columns: (_order, { method, paymentDueAt }) => ({
      paymentMethod: method,
      paymentStatus: 'unpaid',
      paymentDueAt,
    }),
  },
  deliveryChanged: { columns: (_order, { delivery }) => delivery },
  statusSet: {
    columns: (_order, { status, payment }) => ({ ...payment, status }),
    facts: ({ refundConfirmed }): AuditChanges => (refundConfirmed ? { refundConfirmed: yes } : {}),
  },
  linesEdited: {
    // The delivery fees stay as priced when the order was placed (a waived fee stays waived); the
    // lines' prices are staff's now, so a code's goods discount is dropped with its shares.
    columns: (order, { lines }) => ({
      total: orderTotals(lines).total + deliveryFees(order),
      promoDiscount: order.promoKind === 'free_delivery' ? order.promoDiscount : 0,
    }),
    write: (tx, order, { lines }) => replaceLines(tx, order, lines),
  },
  notesSet: { columns: (_order, { notes }) => ({ notes }) },
  receiptRecorded: { columns: (_order, { url }) => ({ receiptUrl: url }) },
};

export const ruleOf = <C extends OrderChange>(change: C) => RULES[change.name] as unknown as ChangeRule<C>;

/** What goes from the stock (positive) or back to it (negative) when `before` becomes `after`. */
function difference(before: StockMoves, after: StockMoves): StockMoves {
  const minus = (from: Map<string, number>, to: Map<string, number>) =>
    new Map(
      [...new Set([...from.keys(), ...to.keys()])].map((id) => [id, (to.get(id) ?? 0) - (from.get(id) ?? 0)]),
    );
  return {
    products: minus(before.products, after.products),
    variants: minus(before.variants, after.variants),
  };
}

/** The lines as staff left them; an order holding its stock takes or returns the difference. */
async function replaceLines(tx: Tx, order: OrderRow, lines: readonly EditedLine[]): Promise<void> {
  if (order.status !== 'cancelled') {
    const current = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    await moveLinesStock(tx, difference(stockMovesOf(current), stockMovesOf(lines)));
  }
  await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
  await tx.insert(orderLines).values([...lines]);
}
