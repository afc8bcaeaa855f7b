import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  newId,
  normalizePromoCode,
  orderNumber,
  promoTermsValid,
  type Paged,
  type PromoCode,
  type PromoCodeCreate,
  type PromoCodeOrders,
  type PromoCodePatch,
} from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { orders, promoCodeUses, promoCodes, type PromoCodeRow } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';

const codeTaken = () =>
  new AppError(409, 'PROMO_CODE_TAKEN', 'This promo code already exists', [
    { path: 'code', message: 'This promo code already exists' },
  ]);

const toDto = (row: PromoCodeRow, discountTotal: number): PromoCode => ({
  _id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  minTotal: row.minTotal,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  categories: row.categories,
  productIds: row.productIds,
  maxUses: row.maxUses,
  maxUsesPerPhone: row.maxUsesPerPhone,
  active: row.active,
  uses: row.uses,
  discountTotal,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit log keeps of a code: its terms, not its running count. */
const audited = ({ uses: _counted, createdAt: _c, updatedAt: _u, ...terms }: PromoCodeRow) => ({
  ...terms,
  startsAt: terms.startsAt?.toISOString() ?? null,
  endsAt: terms.endsAt?.toISOString() ?? null,
});

const asDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** Staff (admin, ceo) manage promo codes; shoppers only ever meet them through the quote and the order. */
export class PromoService {
  constructor(private readonly db: Db) {}

  async create(body: PromoCodeCreate & { code: string }, actor: Actor | null): Promise<PromoCode> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promoCodes)
          .values({
            ...body,
            id: newId(),
            code: normalizePromoCode(body.code),
            kind: body.kind,
            value: body.kind === 'free_delivery' ? 0 : body.value,
            startsAt: asDate(body.startsAt) ?? null,
            endsAt: asDate(body.endsAt) ?? null,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'promo',
          entityId: row!.id,
          after: audited(row!),
        });
        return toDto(row!, 0);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  async list(query: { page: number; limit: number }): Promise<Paged<PromoCode>> {
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(promoCodes)
        .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(promoCodes),
    ]);
    const sums = await this.discountTotals();
    return toPage(
      rows.map((row) => toDto(row, sums.get(row.id) ?? 0)),
      totals?.total ?? 0,
      query,
    );
  }

  async get(id: string): Promise<PromoCode> {
    const row = await this.row(id);
    return toDto(row, (await this.discountTotals(id)).get(id) ?? 0);
  }

  async update(id: string, patch: PromoCodePatch, actor: Actor): Promise<PromoCode> {
    const before = await this.row(id);
    const merged = {
      kind: patch.kind ?? before.kind,
      value: patch.value ?? before.value,
      startsAt: patch.startsAt === undefined ? before.startsAt?.toISOString() : patch.startsAt,
      endsAt: patch.endsAt === undefined ? before.endsAt?.toISOString() : patch.endsAt,
    };
    const refused = promoTermsValid(merged);
    if (refused) throw new AppError(400, 'VALIDATION_ERROR', refused.message, [refused]);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(promoCodes)
          .set({
            ...patch,
            ...(patch.code !== undefined && { code: normalizePromoCode(patch.code) }),
            ...(merged.kind === 'free_delivery' && { value: 0 }),
            startsAt: asDate(patch.startsAt),
            endsAt: asDate(patch.endsAt),
            updatedAt: sql`now()`,
          })
          .where(eq(promoCodes.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'promo',
          entityId: id,
          before: audited(before),
          after: audited(row!),
        });
        return toDto(row!, (await this.discountTotals(id, tx)).get(id) ?? 0);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  /** The orders that used the code (a cancelled one too, marked by its status), newest first. */
  async orders(id: string): Promise<PromoCodeOrders> {
    await this.row(id);
    const rows = await this.db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        total: orders.total,
        discount: promoCodeUses.discount,
        phoneNumber: promoCodeUses.phoneNumber,
      })
      .from(promoCodeUses)
      .innerJoin(orders, eq(orders.id, promoCodeUses.orderId))
      .where(eq(promoCodeUses.promoCodeId, id))
      .orderBy(desc(promoCodeUses.createdAt))
      .limit(500);
    return {
      orders: rows.map((row) => ({
        _id: row.id,
        orderNumber: orderNumber(row.id),
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        total: row.total,
        discount: row.discount,
        phoneNumber: row.phoneNumber,
      })),
    };
  }

  private async row(id: string): Promise<PromoCodeRow> {
    const [row] = await this.db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
    if (!row) throw notFound('NOT_FOUND', 'No such promo code');
    return row;
  }

  /** So'm each code took off the orders that still hold their use. */
  private async discountTotals(id?: string, executor: Db | Tx = this.db): Promise<Map<string, number>> {
    const rows = await executor
      .select({
        id: promoCodeUses.promoCodeId,
        sum: sql<string>`coalesce(sum(${promoCodeUses.discount}), 0)`,
      })
      .from(promoCodeUses)
      .where(and(eq(promoCodeUses.released, false), id ? eq(promoCodeUses.promoCodeId, id) : undefined))
      .groupBy(promoCodeUses.promoCodeId);
    return new Map(rows.map((row) => [row.id, Number(row.sum)]));
  }
}
