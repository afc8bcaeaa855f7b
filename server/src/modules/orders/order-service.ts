import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  newId,
  orderTotals,
  type CustomerOrder,
  type Order,
  type PlacedOrder,
  type ShopperOrder,
  type OrderListQuery,
  type Paged,
  type OrderDeliveryPatch,
  type BankTransfer,
} from '@shop/common';
import type { z } from 'zod';
import type { orderPatchSchema } from '@shop/common';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { enqueueOrderAlert, orderAlertRow } from '../alerts/outbox.js';
import { enqueueChangeNews, enqueueOrderNews } from '../telegram-shop/order-news.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { orderLines, orders, products, staffAlerts, users, type OrderRow } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { AppError, notFound } from '../../plugins/errors.js';
import type { OrderPayments } from '../payments/order-payments.js';
import { moveStock, negate, quantitiesByProduct, takeStockSql } from '../stock/stock.js';
import { receiveCash } from './cash-receipt.js';
import { receiveBankTransfer } from './bank-transfer.js';
import { sameOrderRequest, type PlaceOrder } from './order-request.js';
import { deliveryFees, planOrderDelivery } from '../delivery/order-delivery.js';
import { auditedOrder, linesByOrder, toOrderDto, toShopperOrder, customerView } from './order-dto.js';
import { hashOrderKey, isOwnerOrStaff, newOrderKey, orderKeyMatches } from './order-key.js';
import { orderFilterConditions } from './order-filters.js';
import { changeDelivery, retakeSlot } from './order-delivery-edit.js';
import { OrderGuard, checkUnitsPerProduct, mergeLines } from './order-limits.js';
import { checkStock, fiscalCodesOf, pricedLines } from './order-lines.js';
import { buyerColumns } from './order-buyer.js';

type Executor = Db | Tx;
type PatchOrder = z.output<typeof orderPatchSchema>;

const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');

export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly payments: OrderPayments,
    /** The limits on what one shopper may take; none when left out (callers inside the server). */
    private readonly guard?: OrderGuard,
  ) {}

  /**
   * Prices come from the database, never from the client; stock is taken in the same transaction.
   * Lines of one product and colour merge first, and one product may not exceed the per-order cap.
   * With an idempotency key, an order that key already placed is the answer (counted against no
   * limit): the key is unique in the table, so of two attempts racing with one key, one places
   * the order and the other finds it. A shopper's order (`clientAddress` given) is held to the
   * per-address and per-phone limits unless ORDER_LIMITS=off. The answer carries the order key,
   * the order link's secret (see `placedWithKey` for a repeat).
   */
  async place(given: PlaceOrder, idempotencyKey?: string, clientAddress?: string): Promise<PlacedOrder> {
    const input = { ...given, items: mergeLines(given.items) };
    // Quantities a quote agreed with staff are past the shopper's per-product cap by design.
    const agreed = input.items.every((item) => item.quotedPrice !== undefined);
    if (this.guard && !agreed) checkUnitsPerProduct(input.items, this.guard.limits.maxUnitsPerProduct);
    if (idempotencyKey) {
      const earlier = await this.placedWithKey(idempotencyKey, input);
      if (earlier) return earlier;
    }
    const limited = this.guard?.limits.enabled && clientAddress !== undefined ? this.guard : undefined;
    await limited?.admit(clientAddress!);
    try {
      return await this.placeNew(input, idempotencyKey, limited);
    } catch (error) {
      // No order came of it (refused, out of stock, a repeat): it does not use the address's budget.
      await limited?.forgive(clientAddress!);
      if (!idempotencyKey || !isUniqueViolation(error)) throw error;
      return (await this.placedWithKey(idempotencyKey, input))!;
    }
  }

  /**
   * The order an idempotency key placed, or nothing; 409 when the key came with another order.
   * Only a hash of the order key is kept, so a repeat (its first answer was lost) gets a new key
   * and the old one stops opening the order: only the attempt's own client knows the
   * Idempotency-Key, so it is the one the order's link belongs to.
   */
  private async placedWithKey(key: string, input: PlaceOrder): Promise<PlacedOrder | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
    if (!row) return undefined;
    const [order] = await this.withLines([row]);
    if (!sameOrderRequest(order!, input)) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key already placed a different order',
      );
    }
    const orderKey = newOrderKey();
    await this.db
      .update(orders)
      .set({ orderKeyHash: hashOrderKey(orderKey) })
      .where(eq(orders.id, row.id));
    const [withKey] = await this.withLines([row], this.db, orderKey);
    return { ...withKey!, orderKey };
  }

  private async placeNew(
    input: PlaceOrder,
    idempotencyKey: string | undefined,
    limited: OrderGuard | undefined,
  ): Promise<PlacedOrder> {
    const wanted = quantitiesByProduct(input.items);
    const payment = this.payments.forNewOrder(input.paymentMethod ?? 'cash');
    const orderId = newId();
    const orderKey = newOrderKey();
    const now = new Date();
    return this.db.transaction(async (tx) => {
      await limited?.checkOpenOrders(tx, input.phoneNumber, now);
      const rows = await tx
        .select()
        .from(products)
        .where(inArray(products.id, [...wanted.keys()]))
        .orderBy(asc(products.id))
        .for('update');
      const byId = new Map(rows.map((row) => [row.id, row]));

      const lines = pricedLines(orderId, input.items, byId, now);
      checkStock(wanted, input.items, byId);
      const placed = lines.map((line) => {
        const product = byId.get(line.productId)!;
        return {
          ...line,
          name: product.name,
          productName: product.name,
          productImages: product.productImages,
          productTranslations: product.translations,
        };
      });
      const delivery = await planOrderDelivery(
        tx,
        input.delivery,
        lines.map((line) => ({
          unitPrice: line.discountedPrice ?? line.price,
          quantity: line.quantity,
          assemblyPrice: byId.get(line.productId)!.assemblyPrice,
        })),
        // The delivery's days count from the shop's clock, as the quote's do.
        this.payments.clock.now(),
      );
      this.payments.requireReceipt(payment.paymentMethod, {
        lines: placed.map((line) => ({
          ...line,
          title: line.name,
          ...fiscalCodesOf(byId.get(line.productId)!),
        })),
        ...delivery.columns,
      });
      const newOrder = {
        id: orderId,
        customerName: input.customerName,
        phoneNumber: input.phoneNumber,
        total: orderTotals(lines).total + deliveryFees(delivery.columns),
        idempotencyKey,
        orderKeyHash: hashOrderKey(orderKey),
        ...payment,
        ...delivery.columns,
        ...(await buyerColumns(tx, input, now)),
      };
      // One statement writes it all while the rows are locked: the stock, the lines, the staff
      // alert and the order (foreign keys are checked at the statement's end). The answer is built
      // from what it wrote and what the lock read, not read back.
      const stock = tx.$with('taken_stock', { id: products.id }).as(takeStockSql(wanted));
      const lineRows = tx
        .$with('order_lines_written')
        .as(tx.insert(orderLines).values(lines).returning({ id: orderLines.id }));
      const alert = tx.$with('alert_written').as(
        tx
          .insert(staffAlerts)
          .values(orderAlertRow('orderPlaced', newOrder, placed))
          .returning({ id: staffAlerts.id }),
      );
      const [order] = await tx.with(stock, lineRows, alert).insert(orders).values(newOrder).returning();
      await enqueueOrderNews(tx, orderId, 'placed');
      return { ...toOrderDto(order!, placed, this.payments, orderKey), orderKey };
    });
  }

  async get(id: string, executor: Executor = this.db): Promise<Order> {
    const [order] = await executor.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!order) throw orderNotFound();
    const [dto] = await this.withLines([order], executor);
    return dto!;
  }

  /**
   * The order behind a confirmation link: for whoever holds its key, its signed-in owner (the
   * account with the order's phone) and staff. Anyone else gets the same 404 as for no order, so
   * an id alone tells nothing, not even that the order exists.
   */
  async forShopper(
    id: string,
    key: string | undefined,
    user: CurrentUser | undefined,
  ): Promise<ShopperOrder> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!row) throw orderNotFound();
    const holdsKey = orderKeyMatches(key, row.orderKeyHash);
    if (!holdsKey && !isOwnerOrStaff(row, user)) throw orderNotFound();
    const [order] = await this.withLines([row], this.db, holdsKey ? key : undefined);
    return toShopperOrder(order!);
  }

  /** Reads the lines of many orders in one query (no query per order). */
  private async withLines(
    rows: readonly OrderRow[],
    executor: Executor = this.db,
    orderKey?: string,
  ): Promise<Order[]> {
    if (rows.length === 0) return [];
    const byOrder = await linesByOrder(executor, rows);
    return rows.map((row) => toOrderDto(row, byOrder.get(row.id) ?? [], this.payments, orderKey));
  }

  /** The public lookup by phone: never the staff's notes nor the delivery address. */
  async forCustomer(phone: string): Promise<CustomerOrder[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.phoneNumber, phone))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(200);
    return (await this.withLines(rows)).map(customerView);
  }

  /** Staff move, readdress or advance a delivery; a move keeps to the slot's capacity. */
  async updateDelivery(id: string, patch: OrderDeliveryPatch, actor: Actor): Promise<Order> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!order) throw orderNotFound();
      await changeDelivery(tx, order, patch, actor);
      return this.get(id, tx);
    });
  }

  async list(query: OrderListQuery): Promise<Paged<Order>> {
    const conditions = orderFilterConditions(query);
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(orders).where(where),
    ]);
    const totalDocs = totals?.total ?? 0;
    return toPage(await this.withVerifiedPhones(await this.withLines(rows)), totalDocs, query);
  }

  /** Staff see which orders came from a phone an account proved by SMS code (one query a page). */
  async withVerifiedPhones(list: Order[]): Promise<Order[]> {
    const phones = [...new Set(list.map((order) => order.customer.phoneNumber))];
    if (phones.length === 0) return list;
    const verified = await this.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(and(inArray(users.phoneNumber, phones), eq(users.phoneVerified, true)));
    const set = new Set(verified.map((row) => row.phone));
    return list.map((order) => ({
      ...order,
      customer: { ...order.customer, phoneVerified: set.has(order.customer.phoneNumber) },
    }));
  }

  async update(id: string, patch: PatchOrder, actor: Actor): Promise<Order> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!order) throw orderNotFound();
      const currentLines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, id))
        .orderBy(asc(orderLines.position));
      const changes: Partial<OrderRow> = {};
      let lines = currentLines;

      if (patch.products) {
        this.payments.onStaffLineEdit(order);
        lines = patch.products.map((edit, position) => {
          const existing = currentLines.find(
            (line) => line.productId === edit.product && line.color === edit.color,
          );
          if (!existing) throw notFound('NOT_FOUND', 'This order has no such line');
          return { ...existing, position, quantity: edit.quantity, discountedPrice: edit.discountedPrice };
        });
        if (order.status !== 'cancelled') {
          const before = quantitiesByProduct(currentLines);
          const after = quantitiesByProduct(lines);
          const deltas = new Map<string, number>();
          for (const productId of new Set([...before.keys(), ...after.keys()])) {
            deltas.set(productId, (after.get(productId) ?? 0) - (before.get(productId) ?? 0));
          }
          await moveStock(tx, deltas);
        }
        await tx.delete(orderLines).where(eq(orderLines.orderId, id));
        await tx.insert(orderLines).values(lines.map(({ id: _lineId, ...line }) => line));
        // The delivery fees stay as priced when the order was placed.
        changes.total = orderTotals(lines).total + deliveryFees(order);
      }

      if (patch.status && patch.status !== order.status) {
        Object.assign(
          changes,
          await this.payments.onStaffStatusChange(tx, order, patch.status, patch.paymentRefunded),
        );
        // Cancelling gives the stock back; leaving cancelled takes it again (409 when short).
        if (patch.status === 'cancelled') await moveStock(tx, negate(quantitiesByProduct(lines)));
        else if (order.status === 'cancelled') {
          await moveStock(tx, quantitiesByProduct(lines));
          await retakeSlot(tx, order);
        }
        changes.status = patch.status;
      }
      if (patch.notes !== undefined) changes.notes = patch.notes;

      const [updated] = await tx
        .update(orders)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
        .returning();
      if (changes.status === 'cancelled') await enqueueOrderAlert(tx, 'orderCancelled', id);
      await enqueueChangeNews(tx, order, updated!);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'order',
        entityId: id,
        before: auditedOrder(order, currentLines),
        after: auditedOrder(updated!, lines),
        ...(patch.paymentRefunded && { extra: { refundConfirmed: { before: false, after: true } } }),
      });
      return this.get(id, tx);
    });
  }

  /** Staff took the cash for a cash order (cash-receipt.ts); answers the order as staff see it. */
  async receiveCash(id: string, amount: number, actor: Actor): Promise<Order> {
    await receiveCash(this.db, id, amount, actor);
    return this.get(id);
  }

  /** Staff saw a company's transfer arrive (bank-transfer.ts); answers the order as staff see it. */
  async receiveBankTransfer(id: string, transfer: BankTransfer, actor: Actor): Promise<Order> {
    await receiveBankTransfer(this.db, id, transfer, actor);
    return this.get(id);
  }

  /** Deleting a new order puts its stock back; ordered goods are gone and cancelled ones already returned. */
  async remove(id: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!order) throw orderNotFound();
      await this.payments.onStaffDelete(tx, order);
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
      if (order.status === 'new') await moveStock(tx, negate(quantitiesByProduct(lines)));
      await tx.delete(orders).where(eq(orders.id, id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'order',
        entityId: id,
        before: auditedOrder(order, lines),
      });
    });
  }
}
