import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { PHONE_CODE, type PhoneCodePurpose } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { phoneCodes, type PhoneCodeRow } from '../../db/schema.js';

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, '0');
}

/** Equal digests in constant time: how long a comparison takes says nothing of the stored code. */
export function sameDigest(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

const ORDERS_SESSION_MS = PHONE_CODE.ordersSessionMinutes * 60_000;

/**
 * One-time codes by phone and purpose. Kept as HMAC-SHA256 under a key of the server's (a stolen
 * table gives no codes: 10⁶ guesses need the key). Only the newest code of a phone and purpose
 * counts. A check takes one of the 5 tries in the database before comparing, so however many
 * guesses arrive at once, at most 5 are ever compared.
 */
export class PhoneCodeStore {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    // A key of its own, derived from the server secret, so a code digest is never a token signature.
    this.key = createHmac('sha256', secret).update('phone-codes').digest();
  }

  private digest(phone: string, purpose: PhoneCodePurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${phone}\n${purpose}\n${code}`).digest('hex');
  }

  /** A new code for the phone and purpose (older ones stop counting); the digits are returned once. */
  async issue(tx: Tx | Db, phone: string, purpose: PhoneCodePurpose): Promise<string> {
    const code = newCode();
    await tx.insert(phoneCodes).values({
      phone,
      purpose,
      hash: this.digest(phone, purpose, code),
      expiresAt: new Date(this.now().getTime() + PHONE_CODE.expiresInSeconds * 1000),
    });
    return code;
  }

  private live(row: PhoneCodeRow): boolean {
    const now = this.now().getTime();
    if (row.usedAt || row.attempts >= PHONE_CODE.maxAttempts) return false;
    if (row.expiresAt.getTime() > now) return true;
    return !!row.checkedAt && row.checkedAt.getTime() + ORDERS_SESSION_MS > now;
  }

  /**
   * Whether `code` is the phone's live code for the purpose. A `signup` or `reset` code is used up by
   * a good check; an `orders` code keeps answering for 30 minutes after its first one.
   */
  async check(phone: string, purpose: PhoneCodePurpose, code: string): Promise<boolean> {
    const [row] = await this.db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)))
      .orderBy(desc(phoneCodes.id))
      .limit(1);
    if (!row || !this.live(row)) return false;
    const [claimed] = await this.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(
        and(
          eq(phoneCodes.id, row.id),
          lt(phoneCodes.attempts, PHONE_CODE.maxAttempts),
          isNull(phoneCodes.usedAt),
        ),
      )
      .returning({ id: phoneCodes.id });
    if (!claimed || !sameDigest(row.hash, this.digest(phone, purpose, code))) return false;
    // A right code gives its try back; a used-up one cannot be used again (the row is checked again).
    const now = this.now();
    const [accepted] = await this.db
      .update(phoneCodes)
      .set({
        attempts: sql`${phoneCodes.attempts} - 1`,
        ...(purpose === 'orders'
          ? { checkedAt: sql`coalesce(${phoneCodes.checkedAt}, ${now.toISOString()}::timestamptz)` }
          : { usedAt: now }),
      })
      .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt)))
      .returning({ id: phoneCodes.id });
    return !!accepted;
  }
}
