import { asc, desc, eq } from 'drizzle-orm';
import {
  instalmentPlans,
  orderLineName,
  orderNumber,
  type InstalmentBuyer,
  type InstalmentContract,
  type InstalmentOffer,
  type InstalmentTermsResponse,
} from '@shop/common';
import type { UzumNasiyaConfig } from '../../config/instalment-config.js';
import type { Db } from '../../db/client.js';
import {
  instalmentContracts,
  orderLines,
  orders,
  products,
  type InstalmentContractRow,
  type OrderRow,
} from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { AppError, conflict } from '../../plugins/errors.js';
import { isOwnerOrStaff, orderKeyMatches } from '../orders/order-key.js';
import type { Clock } from '../payments/clock.js';
import { CANCEL_REASON, closeOpenTransactions, openTransaction, whyNotPayable } from '../payments/ledger.js';
import { lockOrder } from '../order-changes/order-lock.js';
import { toTiyin } from '../payments/checkout-urls.js';
import {
  CONTRACT_CODE_TRIES,
  giveUpContract,
  moveContract,
  setContractState,
  settleActivated,
  takeCodeTry,
} from './contract-ledger.js';
import {
  BUYER_MUST_REGISTER,
  BUYER_VERIFIED,
  UZUM_CODE,
  UzumRefused,
  UzumUnavailable,
  type UzumNasiyaClient,
  type UzumProduct,
  type UzumTariff,
} from './uzum-client.js';
import {
  codeLocked,
  instalmentsOff,
  noCodeAwaited,
  orderNotFound,
  uzum,
  uzumRefusal,
} from './uzum-errors.js';

const toPlan = (t: UzumTariff, amount: number) => ({
  months: t.months,
  monthly: t.monthly,
  total: t.total,
  overpayment: Math.max(0, t.total - amount),
});

/** What the buyer's status at Uzum means for checkout. */
function buyerVerdict(status: number, webview: string): InstalmentBuyer | undefined {
  if (status === BUYER_VERIFIED) return undefined;
  if (BUYER_MUST_REGISTER.includes(status) && webview)
    return { status: 'register', registrationUrl: webview };
  return { status: 'refused' };
}

/**
 * Instalments through Uzum Nasiya: the advertised terms, the buyer's check at checkout, and the
 * contract of an order signed with the SMS code Uzum sends (docs/decisions/026-instalments.md).
 */
export class InstalmentService {
  constructor(
    private readonly db: Db,
    private readonly config: UzumNasiyaConfig | undefined,
    private readonly client: UzumNasiyaClient | undefined,
    private readonly clock: Clock,
  ) {}

  /** Every storefront page asks this: with instalments off it is an empty list, not an error to log. */
  terms(): InstalmentTermsResponse {
    return { provider: 'uzum_nasiya', plans: this.config?.terms ?? [] };
  }

  offer(amount: number): InstalmentOffer {
    if (!this.config) throw instalmentsOff();
    return { provider: 'uzum_nasiya', plans: instalmentPlans(amount, this.config.terms) };
  }

  /**
   * The buyer's status by phone; a verified buyer gets their own plans for the amount. `prove`
   * refuses a caller who has not proven the phone: the answer is the owner's credit standing.
   */
  async checkBuyer(phone: string, amount: number, prove: () => Promise<void>): Promise<InstalmentBuyer> {
    const client = this.requireClient();
    await prove();
    const buyer = await uzum(() => client.checkBuyer(phone));
    const verdict = buyerVerdict(buyer.status, buyer.webview);
    if (verdict) return verdict;
    const tariffs = await uzum(() =>
      client.calculate(buyer.buyerId, [{ productId: 1, name: 'order', price: amount, amount: 1 }]),
    );
    const plans = tariffs.filter((t) => t.available).map((t) => toPlan(t, amount));
    return { status: 'verified', plans: plans.sort((a, b) => a.months - b.months) };
  }

  /**
   * Makes the order's contract for the months chosen, and has Uzum send the buyer the SMS code
   * that signs it, for the holder of the order's phone only. A contract made before for the order (the buyer chose again) is given up: its
   * transaction closes and the sweep cancels it at Uzum.
   */
  async createContract(
    orderId: string,
    access: { key?: string; user?: CurrentUser },
    months: number,
    prove: (phone: string) => Promise<void>,
  ): Promise<InstalmentContract> {
    const client = this.requireClient();
    const order = await this.payableOrder(orderId, access);
    // The order's phone was typed, never proven: the contract is signed in its owner's name.
    await prove(order.phoneNumber);
    const buyer = await uzum(() => client.checkBuyer(order.phoneNumber));
    if (buyerVerdict(buyer.status, buyer.webview)) {
      throw conflict('INSTALMENT_REFUSED', 'Uzum Nasiya does not offer this buyer a contract now');
    }
    const lines = await this.uzumLines(order);
    const tariff = (await uzum(() => client.calculate(buyer.buyerId, lines))).find(
      (t) => t.available && t.months === months,
    );
    if (!tariff) {
      throw new AppError(400, 'VALIDATION_ERROR', `A ${months}-month plan is not offered to this buyer`, [
        { path: 'months', message: 'This plan is not offered' },
      ]);
    }
    const made = await uzum(() => client.createContract(buyer.buyerId, tariff.tariff, lines, order.id));
    const now = this.clock.now();
    const recorded = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked || whyNotPayable(locked, 'uzum_nasiya', false)) return false;
      await closeOpenTransactions(tx, order.id, CANCEL_REASON.executionFailed, now);
      const transaction = await openTransaction(
        tx,
        locked,
        { provider: 'uzum_nasiya', providerTransactionId: made.contractId, amount: toTiyin(order.total) },
        now,
      );
      const contract = { contractId: made.contractId, months, monthly: made.monthly || tariff.monthly };
      await tx.insert(instalmentContracts).values({
        ...contract,
        uzumOrderId: made.uzumOrderId,
        orderId: order.id,
        transactionId: transaction.id,
        phone: order.phoneNumber,
        total: made.total || tariff.total,
        state: 'awaiting_code',
        createdAt: now,
        updatedAt: now,
      });
      return true;
    });
    if (!recorded) {
      // The order was cancelled or paid while Uzum made the contract: it must not stay at Uzum.
      await client.cancel(made.uzumOrderId).catch(() => undefined);
      throw conflict('ORDER_CANCELLED', `Order ${orderNumber(order.id)} can no longer be paid`);
    }
    try {
      await uzum(() => client.sendCode(order.phoneNumber, made.contractId));
    } catch (error) {
      // Uzum will not text the code: the contract can never be signed, so the order goes back to
      // choosing how to pay (its payment `failed`), and the sweep cancels the contract at Uzum.
      if (error instanceof AppError && error.code === 'INSTALMENT_REFUSED')
        await this.giveUp(made.contractId);
      throw error;
    }
    const total = made.total || tariff.total;
    return {
      contractId: made.contractId,
      months,
      monthly: made.monthly || tariff.monthly,
      total,
      overpayment: Math.max(0, total - order.total),
    };
  }

  /** Uzum sends the code again. */
  async resendCode(orderId: string, access: { key?: string; user?: CurrentUser }): Promise<void> {
    const client = this.requireClient();
    const contract = await this.signingContract(await this.readableOrder(orderId, access));
    if (contract.state !== 'awaiting_code') throw noCodeAwaited();
    await uzum(() => client.sendCode(contract.phone, contract.contractId));
  }

  /**
   * The buyer's code signs the contract: Uzum checks it, then the shop confirms the contract and
   * records the order paid. Only the request that moves the contract past its code confirms it;
   * if Uzum does not answer the confirm, the sweep finishes it.
   */
  async confirm(
    orderId: string,
    access: { key?: string; user?: CurrentUser },
    code: string,
  ): Promise<{ status: 'paid' | 'pending' }> {
    const client = this.requireClient();
    const contract = await this.signingContract(await this.readableOrder(orderId, access));
    // The code was taken already (a reload, a second tab): the confirm under way or the sweep ends it.
    if (contract.state === 'code_checked') return { status: 'pending' };
    const tries = await takeCodeTry(this.db, contract.contractId);
    // No try left, or a right code took the contract past its code meanwhile.
    if (tries === 0) return this.afterLastTry(contract.contractId);
    const right = await uzum(() => client.checkCode(contract.phone, contract.contractId, code));
    if (!right) {
      if (tries === CONTRACT_CODE_TRIES) await this.endGuessedContract(contract);
      throw new AppError(400, 'INSTALMENT_CODE_WRONG', 'The code is not the one Uzum Nasiya sent', [
        { path: 'code', message: 'Wrong code' },
      ]);
    }
    const now = this.clock.now();
    if (!(await moveContract(this.db, contract.contractId, 'awaiting_code', 'code_checked', now))) {
      return { status: 'pending' };
    }
    let answer: number;
    try {
      answer = await client.confirm(contract.contractId);
    } catch (error) {
      if (error instanceof UzumUnavailable) return { status: 'pending' };
      if (error instanceof UzumRefused) throw uzumRefusal(error);
      throw error;
    }
    if (answer !== UZUM_CODE.success && answer !== UZUM_CODE.alreadyActivated) {
      throw conflict('INSTALMENT_REFUSED', 'Uzum Nasiya did not activate the contract');
    }
    await settleActivated(this.db, contract, this.clock.now());
    return { status: 'paid' };
  }

  /** What a code sent after the contract's tries ran out, or after it was signed, answers. */
  private async afterLastTry(contractId: string): Promise<{ status: 'pending' }> {
    const [now] = await this.db
      .select()
      .from(instalmentContracts)
      .where(eq(instalmentContracts.contractId, contractId));
    if (now?.state === 'code_checked' || now?.state === 'confirmed') return { status: 'pending' };
    // The last try got no answer from Uzum (or is still out): the contract ends now all the same.
    if (now?.state === 'awaiting_code') return this.endGuessedContract(now);
    throw codeLocked();
  }

  /** The last try was wrong: the order's payment fails, and Uzum cancels the contract. */
  private async endGuessedContract(contract: InstalmentContractRow): Promise<never> {
    const client = this.requireClient();
    if (await giveUpContract(this.db, contract, this.clock.now())) {
      // Uzum away or refusing now: the sweep cancels it, as the transaction is closed.
      const answer = await client.cancel(contract.uzumOrderId).catch(() => undefined);
      const ended: (number | undefined)[] = [
        UZUM_CODE.success,
        UZUM_CODE.contractNotFound,
        UZUM_CODE.incorrectStatus,
      ];
      if (answer !== undefined && ended.includes(answer)) {
        await setContractState(this.db, contract.contractId, 'cancelled', this.clock.now());
      }
    }
    throw codeLocked();
  }

  private async giveUp(contractId: string): Promise<void> {
    const [contract] = await this.db
      .select()
      .from(instalmentContracts)
      .where(eq(instalmentContracts.contractId, contractId));
    if (contract) await giveUpContract(this.db, contract, this.clock.now());
  }

  private requireClient(): UzumNasiyaClient {
    if (!this.client) throw instalmentsOff();
    return this.client;
  }

  /** The order behind the link: its key, its signed-in owner or staff; anyone else a 404. */
  private async readableOrder(id: string, access: { key?: string; user?: CurrentUser }): Promise<OrderRow> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!order) throw orderNotFound();
    if (!orderKeyMatches(access.key, order.orderKeyHash) && !isOwnerOrStaff(order, access.user)) {
      throw orderNotFound();
    }
    return order;
  }

  private async payableOrder(id: string, access: { key?: string; user?: CurrentUser }): Promise<OrderRow> {
    const order = await this.readableOrder(id, access);
    const why = whyNotPayable(order, 'uzum_nasiya', false);
    if (why === 'cancelled') throw conflict('ORDER_CANCELLED', 'This order is cancelled');
    if (why === 'paid') throw conflict('ORDER_PAID', 'This order is paid');
    if (why) throw conflict('PAYMENT_METHOD_UNAVAILABLE', 'This order is not paid by instalments');
    return order;
  }

  /** The order's contract still being signed: waiting for its code, or its code taken and confirm due. */
  private async signingContract(order: OrderRow) {
    const [contract] = await this.db
      .select()
      .from(instalmentContracts)
      .where(eq(instalmentContracts.orderId, order.id))
      .orderBy(desc(instalmentContracts.createdAt))
      .limit(1);
    const guessedOut =
      contract?.codeAttempts === CONTRACT_CODE_TRIES &&
      (contract.state === 'awaiting_code' || contract.state === 'cancelled');
    if (guessedOut && order.paymentStatus !== 'paid') throw codeLocked();
    const signing = contract?.state === 'awaiting_code' || contract?.state === 'code_checked';
    if (!contract || !signing || order.status === 'cancelled' || order.paymentStatus !== 'pending') {
      throw noCodeAwaited();
    }
    return contract;
  }

  /** The order's lines at the prices paid, and delivery and assembly as one more line. */
  private async uzumLines(order: OrderRow): Promise<UzumProduct[]> {
    const rows = await this.db
      .select({
        name: products.name,
        variantLabel: orderLines.variantLabel,
        quantity: orderLines.quantity,
        price: orderLines.price,
        discountedPrice: orderLines.discountedPrice,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    const lines = rows.map((row, i) => ({
      productId: i + 1,
      name: orderLineName(row.name, row, 'uz'),
      price: row.discountedPrice ?? row.price,
      amount: row.quantity,
    }));
    const goods = lines.reduce((sum, line) => sum + line.price * line.amount, 0);
    const fees = { productId: lines.length + 1, name: 'Yetkazib berish va yigʻish', amount: 1 };
    return order.total > goods ? [...lines, { ...fees, price: order.total - goods }] : lines;
  }
}
