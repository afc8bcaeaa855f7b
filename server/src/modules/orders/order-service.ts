import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  newId,
  orderTotals,
  type BankTransfer,
  type CustomerOrder,
  type Order,
  type OrderDeliveryPatch,
  type OrderListQuery,
  type Paged,
  type PaymentMethod,
  type PlacedOrder,
  type ShopperOrder,
} from '@shop/common';
import type { z } from 'zod';
import type { orderPatchSchema } from '@shop/common';
import type { Actor } from '../audit/audit-log.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { orders, products, type InvoiceSeller, type OrderRow } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { changeOrder } from '../order-changes/change-order.js';
import { lockOrder } from '../order-changes/order-lock.js';
import { writePlacedOrder } from '../order-changes/place-order.js';
import type { OrderPayments } from '../payments/order-payments.js';
import { NO_FACTS, paymentFactsOf } from '../payments/payment-facts.js';
import { quantitiesByProduct } from '../stock/stock.js';
import {
  lockVariants,
  moveVariantStock,
  productionLeadOf,
  quantitiesByVariant,
  stockTakenBy,
} from '../stock/variant-stock.js';
import { receiveBankTransfer, receiveCash } from './receive-money.js';
import { sameOrderRequest, type PlaceOrder } from './order-request.js';
import { deliveryFees, planOrderDelivery, requirePickupPlace } from '../delivery/order-delivery.js';
import { linesByOrder, toOrderDto, toShopperOrder, customerView } from './order-dto.js';
import { hashOrderKey, isOwnerOrStaff, newOrderKey, orderKeyMatches } from './order-key.js';
import { orderFilterConditions } from './order-filters.js';
import { OrderGuard, checkUnitsPerProduct, mergeLines } from './order-limits.js';
import { checkStock, fiscalCodesOf, pricedLines } from './order-lines.js';
import { buyerColumns } from './order-buyer.js';
import { recordStaffRead, withVerifiedPhones, type StaffRead } from './order-staff-reads.js';
import { applyOrderPromo, countOrderPromo } from './order-promo.js';
import { changePaymentMethod } from './payment-change.js';
import { deleteOrder, editDelivery, editOrder, orderNotFound } from './order-staff-edits.js';

type Executor = Db | Tx;
type PatchOrder = z.output<typeof orderPatchSchema>;

export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly payments: OrderPayments,
    /** The seller's requisites a company order's invoice is issued with. */
    private readonly invoiceSeller: InvoiceSeller,
    /** The limits on what one shopper may take; none when left out (callers inside the server). */
    private readonly guard?: OrderGuard,
    /** FREE_DELIVERY_FROM: goods total from which delivery is free in every zone. */
    private readonly freeDeliveryFrom: number | null = null,
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
      return await this.placeNew(input, idempotencyKey, limited, clientAddress);
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
    await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, row.id);
      if (locked) await changeOrder(tx, locked, { name: 'keyRenewed', orderKeyHash: hashOrderKey(orderKey) });
    });
    const [withKey] = await this.withLines([row], this.db, orderKey);
    return { ...withKey!, orderKey };
  }

  private async placeNew(
    input: PlaceOrder,
    idempotencyKey: string | undefined,
    limited: OrderGuard | undefined,
    clientAddress: string | undefined,
  ): Promise<PlacedOrder> {
    const wanted = quantitiesByProduct(input.items);
    // The seller's address on invoices is the shop's own, where a pickup is collected.
    requirePickupPlace(input.delivery, this.invoiceSeller.address);
    const payment = this.payments.forNewOrder(input.paymentMethod ?? 'cash');
    const orderId = newId();
    const orderKey = newOrderKey();
    const now = new Date();
    return this.db.transaction(async (tx) => {
      // The address first, then the phone: every placement takes the two locks in one order.
      await limited?.checkOpenOrdersOfAddress(tx, clientAddress!, now);
      await limited?.checkOpenOrders(tx, input.phoneNumber, now);
      const rows = await tx
        .select()
        .from(products)
        .where(inArray(products.id, [...wanted.keys()]))
        .orderBy(asc(products.id))
        .for('update');
      const byId = new Map(rows.map((row) => [row.id, row]));
      const variants = await lockVariants(tx, rows);
      const priced = stockTakenBy(
        pricedLines(orderId, input.items, byId, now, variants),
        variants,
        (id) => byId.get(id)?.name,
      );
      const plainWanted = quantitiesByProduct(priced.filter((line) => !line.variantId));
      checkStock(plainWanted, input.items, byId);
      await moveVariantStock(tx, quantitiesByVariant(priced));
      const delivery = await planOrderDelivery(
        tx,
        input.delivery,
        priced.map((line) => ({
          unitPrice: line.discountedPrice ?? line.price,
          quantity: line.quantity,
          assemblyPrice: byId.get(line.productId)!.assemblyPrice,
        })),
        // The delivery's days count from the shop's clock, as the quote's do.
        this.payments.clock.now(),
        this.freeDeliveryFrom,
        productionLeadOf(priced, variants),
      );
      const { promo, lines } = await applyOrderPromo(
        tx,
        input.promoCode,
        priced,
        byId,
        delivery.columns,
        this.payments.clock.now(),
      );
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
        total: orderTotals(lines).total - promo.goodsDiscount + deliveryFees(delivery.columns),
        idempotencyKey,
        clientAddress,
        orderKeyHash: hashOrderKey(orderKey),
        ...payment,
        ...delivery.columns,
        ...promo.columns,
        ...(await buyerColumns(tx, input, now, this.invoiceSeller)),
        consent: input.consentRecord ?? null,
      };
      // One statement writes it all while the rows are locked; the answer is built from what it
      // wrote and what the lock read, not read back.
      const order = await writePlacedOrder(tx, newOrder, lines, placed, plainWanted);
      await countOrderPromo(tx, promo, order);
      return { ...toOrderDto(order, placed, this.payments, NO_FACTS, orderKey), orderKey };
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
    const [order] = await this.withLines([row], this.db, holdsKey ? key : undefined, 'shopper');
    return toShopperOrder(order!);
  }

  /** Reads the lines and payment facts of many orders (no query per order). */
  private async withLines(
    rows: readonly OrderRow[],
    executor: Executor = this.db,
    orderKey?: string,
    reader: 'staff' | 'shopper' = 'staff',
  ): Promise<Order[]> {
    if (rows.length === 0) return [];
    const byOrder = await linesByOrder(executor, rows);
    const facts = await paymentFactsOf(executor, rows, reader);
    return rows.map((row) =>
      toOrderDto(row, byOrder.get(row.id) ?? [], this.payments, facts.get(row.id) ?? NO_FACTS, orderKey),
    );
  }

  /** The public lookup by phone: never the staff's notes nor the delivery address. */
  async forCustomer(phone: string): Promise<CustomerOrder[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.phoneNumber, phone))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(200);
    return (await this.withLines(rows, this.db, undefined, 'shopper')).map(customerView);
  }

  /** Staff move, readdress or advance a delivery; a move keeps to the slot's capacity. */
  async updateDelivery(id: string, patch: OrderDeliveryPatch, actor: Actor): Promise<Order> {
    return this.db.transaction(async (tx) => {
      await editDelivery(tx, id, patch, actor);
      return this.get(id, tx);
    });
  }

  /** Staff opened a customer's personal details: recorded in the audit log (`order-staff-reads.ts`). */
  async recordStaffRead(actor: Actor, what: StaffRead) {
    await recordStaffRead(this.db, actor, what);
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
    return withVerifiedPhones(this.db, list);
  }

  /** Staff change an order's lines, status or notes (`order-staff-edits.ts`); the stock follows. */
  async update(id: string, patch: PatchOrder, actor: Actor): Promise<Order> {
    return this.db.transaction(async (tx) => {
      await editOrder(tx, this.payments, id, patch, actor);
      return this.get(id, tx);
    });
  }

  /** Staff took the cash for a cash order; answers the order as staff see it. */
  async receiveCash(id: string, amount: number, actor: Actor): Promise<Order> {
    await receiveCash(this.db, id, amount, actor);
    return this.get(id);
  }

  /** Staff saw a company's transfer arrive; answers the order as staff see it. */
  async receiveBankTransfer(id: string, transfer: BankTransfer, actor: Actor): Promise<Order> {
    await receiveBankTransfer(this.db, id, transfer, actor);
    return this.get(id);
  }

  /** "Pay again" or "pay in cash" by the holder of the order's link (`payment-change.ts`); answers it as they see it. */
  async changePayment(
    id: string,
    key: string | undefined,
    user: CurrentUser | undefined,
    method: PaymentMethod,
  ): Promise<ShopperOrder> {
    await changePaymentMethod(this.db, this.payments, { id, key, user, method });
    return this.forShopper(id, key, user);
  }

  /** Deleting a new order puts its stock back; ordered goods are gone and cancelled ones already returned. */
  async remove(id: string, actor: Actor): Promise<void> {
    await this.db.transaction((tx) => deleteOrder(tx, this.payments, id, actor));
  }
}
