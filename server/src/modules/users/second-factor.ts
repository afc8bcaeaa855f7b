import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { RecoveryCodes, SecondFactorSetup, SecondFactorStatus } from '@shop/common';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { AppError, conflict } from '../../plugins/errors.js';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side: a phone whose clock is up to 30 s off still signs in. */
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper is read the same way. 31^10 ≈ 2^49 per code. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totp = (secret: string, label = 'staff', issuer = '') =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), ...TOTP_SETTINGS });

/** The 30-second step a code matches at `nowMs`, or null when it matches none in the drift window. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_SETTINGS.period) + delta;
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Codes are random (not chosen by people), so a plain hash is enough; case and dashes do not matter. */
const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');

export const hasSecondFactor = (row: Pick<UserRow, 'totpConfirmedAt'>) => row.totpConfirmedAt !== null;

/** A staff member's TOTP second factor: setup, confirmation, and the check at sign-in. */
export class SecondFactor {
  constructor(
    private readonly db: Db,
    /** Where the time is read, so tests step it 30 s at a time. */
    private readonly clock: { now(): Date },
    private readonly issuer: string,
  ) {}

  private async row(userId: string): Promise<UserRow> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw new AppError(401, 'UNAUTHORIZED', 'Please log in first.');
    return row;
  }

  async status(userId: string, required: boolean): Promise<SecondFactorStatus> {
    const row = await this.row(userId);
    return { enabled: hasSecondFactor(row), required, recoveryCodesLeft: row.recoveryCodeHashes.length };
  }

  /** A new secret, not in force until a code from it is confirmed; starting again replaces it. */
  async start(userId: string): Promise<SecondFactorSetup> {
    const row = await this.row(userId);
    const secret = new Secret({ size: 20 }).base32;
    // Once confirmed, a stolen session must not be able to swap the factor for its own.
    const [updated] = await this.db
      .update(users)
      .set({ totpSecret: secret, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.totpConfirmedAt)))
      .returning({ id: users.id });
    if (!updated) throw alreadyOn();
    return { secret, otpauthUrl: totp(secret, row.phoneNumber, this.issuer).toString() };
  }

  /** The first good code turns the factor on and answers the recovery codes, shown this once. */
  async confirm(userId: string, code: string): Promise<RecoveryCodes> {
    const row = await this.row(userId);
    if (hasSecondFactor(row)) throw alreadyOn();
    if (!row.totpSecret)
      throw conflict(
        'SECOND_FACTOR_NOT_STARTED',
        'Start the two-factor setup first (POST /api/users/me/2fa)',
      );
    const step = matchingStep(row.totpSecret, code, this.clock.now().getTime());
    if (step === null)
      throw new AppError(400, 'SECOND_FACTOR_INVALID', 'The code does not match; enter the newest code', [
        { path: 'code', message: 'The code does not match' },
      ]);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const [updated] = await this.db
      .update(users)
      .set({
        totpConfirmedAt: sql`now()`,
        totpLastStep: step,
        recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
        updatedAt: sql`now()`,
      })
      // The secret the code was checked against, still unconfirmed: a parallel restart loses.
      .where(and(eq(users.id, userId), eq(users.totpSecret, row.totpSecret), isNull(users.totpConfirmedAt)))
      .returning({ id: users.id });
    if (!updated) throw alreadyOn();
    return { recoveryCodes };
  }

  /**
   * The sign-in check: an authenticator code not used before (a step at most once, so a code seen
   * over a shoulder is spent), or an unused recovery code, which is spent by this sign-in.
   * Each is one conditional update, so two sign-ins racing with one code cannot both pass.
   */
  async verify(row: UserRow, code: string): Promise<boolean> {
    if (!row.totpSecret || !hasSecondFactor(row)) return false;
    if (/^\d{6}$/.test(code)) {
      const step = matchingStep(row.totpSecret, code, this.clock.now().getTime());
      if (step === null) return false;
      const used = await this.db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, row.id), lt(users.totpLastStep, step)))
        .returning({ id: users.id });
      return used.length === 1;
    }
    const hash = hashRecoveryCode(code);
    const used = await this.db
      .update(users)
      .set({ recoveryCodeHashes: sql`${users.recoveryCodeHashes} - ${hash}::text` })
      .where(and(eq(users.id, row.id), sql`${users.recoveryCodeHashes} ? ${hash}::text`))
      .returning({ id: users.id });
    return used.length === 1;
  }
}

const alreadyOn = () =>
  conflict('SECOND_FACTOR_ALREADY_ON', 'Two-factor sign-in is already on for this account');
