import { and, count, eq, sql } from 'drizzle-orm';
import {
  applyPromo,
  normalizePromoCode,
  type PromoApplied,
  type PromoInvalidReason,
  type PromoLine,
  REMOVED_PERSONAL_DATA,
} from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { promoCodeUses, promoCodes, type PromoCodeRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';

/*
 * What the quote and the order ask of a promo code (decision 036): apply it to a cart, count a use
 * atomically, give a use back when an order is cancelled. Imports no other feature module, so
 * orders, delivery and order-changes may all use it.
 */

const REASON_TEXT: Record<PromoInvalidReason, string> = {
  unknown: 'There is no such promo code',
  expired: 'This promo code has expired',
  not_started: 'This promo code is not valid yet',
  used_up: 'This promo code has been used up',
  below_min_total: 'The order is below the promo code’s minimum total',
  not_applicable: 'This promo code does not apply to these goods',
};

/** 400 PROMO_CODE_INVALID with the reason a client translates. */
export function promoInvalid(reason: PromoInvalidReason, path = 'promoCode'): AppError {
  const error = new AppError(400, 'PROMO_CODE_INVALID', REASON_TEXT[reason], [
    { path, message: REASON_TEXT[reason] },
  ]);
  error.reason = reason;
  return error;
}

export interface PromoChoice {
  row: PromoCodeRow;
  applied: PromoApplied;
}

/** The code applied to the cart, or 400 with the reason it cannot be. */
export async function choosePromo(
  executor: Db | Tx,
  code: string,
  lines: readonly PromoLine[],
  deliveryFee: number,
  now: Date,
): Promise<PromoChoice> {
  const [row] = await executor
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(code)))
    .limit(1);
  if (!row) throw promoInvalid('unknown');
  const outcome = applyPromo(row, lines, deliveryFee, now);
  if (!outcome.ok) throw promoInvalid(outcome.reason);
  return { row, applied: outcome.applied };
}

/**
 * Counts the order's use inside its transaction. The conditional update holds the code's row lock
 * to the transaction's end, so racing orders queue here and `max_uses` is never passed; the
 * per-phone count runs under that lock, so it sees every committed use of the phone.
 */
export async function takePromoUse(
  tx: Tx,
  row: PromoCodeRow,
  use: { orderId: string; phoneNumber: string; discount: number },
): Promise<void> {
  const [taken] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      and(
        eq(promoCodes.id, row.id),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (!taken) throw promoInvalid('used_up');
  if (row.maxUsesPerPhone !== null) {
    const [byPhone] = await tx
      .select({ uses: count() })
      .from(promoCodeUses)
      .where(
        and(
          eq(promoCodeUses.promoCodeId, row.id),
          eq(promoCodeUses.phoneNumber, use.phoneNumber),
          eq(promoCodeUses.released, false),
        ),
      );
    if ((byPhone?.uses ?? 0) >= row.maxUsesPerPhone) throw promoInvalid('used_up');
  }
  await tx.insert(promoCodeUses).values({ promoCodeId: row.id, ...use });
}

/** A cancelled (or deleted) order gives its use back; nothing when it held none. */
export async function releasePromoUse(tx: Tx, orderId: string): Promise<void> {
  const [use] = await tx
    .update(promoCodeUses)
    .set({ released: true })
    .where(and(eq(promoCodeUses.orderId, orderId), eq(promoCodeUses.released, false)))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  if (!use) return;
  await tx
    .update(promoCodes)
    .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
    .where(eq(promoCodes.id, use.promoCodeId));
}

/**
 * An order staff take back from `cancelled` holds its use again: the discount was already agreed,
 * so the code's limit does not refuse it (the count may then stand above `max_uses`).
 */
export async function retakePromoUse(tx: Tx, orderId: string): Promise<void> {
  const [use] = await tx
    .update(promoCodeUses)
    .set({ released: false })
    .where(and(eq(promoCodeUses.orderId, orderId), eq(promoCodeUses.released, true)))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  if (!use) return;
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.id, use.promoCodeId));
}

/** The phone on every use of a code by `phone`: its count per phone stays, the number goes. */
export async function removePromoUsePhones(tx: Tx, phone: string): Promise<void> {
  await tx
    .update(promoCodeUses)
    .set({ phoneNumber: REMOVED_PERSONAL_DATA })
    .where(eq(promoCodeUses.phoneNumber, phone));
}
