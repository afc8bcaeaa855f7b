import { eq } from 'drizzle-orm';
import { PHONE_CODE, type Language, type PhoneCodePurpose } from '@shop/common';
import type { Db } from '../../db/client.js';
import { smsOutbox, users } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { CodeRequestLimits } from './code-limits.js';
import type { PhoneCodeStore } from './code-store.js';
import { codeMessage } from './sms-text.js';

export const phoneCodeInvalid = () =>
  new AppError(400, 'PHONE_CODE_INVALID', 'The code is wrong or has expired. Ask for a new one.');

/** Asking for codes (limited, sent through the SMS outbox) and checking them. */
export class PhoneCodeService {
  constructor(
    private readonly db: Db,
    readonly store: PhoneCodeStore,
    private readonly limits: CodeRequestLimits,
    private readonly shopName: string,
    /** Called after a code is queued, so it leaves at once rather than at the next poll. */
    private readonly queued: () => void = () => {},
  ) {}

  /**
   * Makes and queues a code. Answers alike whether or not the phone has an account; a reset code is
   * only sent to a phone that has one (it could open nothing else, and the phone's owner did not ask).
   * Answers 0, or the seconds to wait when a limit refused (nothing made, nothing counted).
   */
  async request(
    phone: string,
    purpose: PhoneCodePurpose,
    address: string,
    language: Language,
  ): Promise<number> {
    const wait = await this.limits.admit(phone, purpose, address);
    if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
    await this.db.transaction(async (tx) => {
      const code = await this.store.issue(tx, phone, purpose);
      if (purpose === 'reset') {
        const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
        if (!account) return;
      }
      await tx.insert(smsOutbox).values({
        phone,
        message: codeMessage(language, this.shopName, purpose, code),
        giveUpAt: new Date(Date.now() + PHONE_CODE.expiresInSeconds * 1000),
      });
    });
    this.queued();
    return 0;
  }

  /** Throws PHONE_CODE_INVALID unless `code` is the phone's live code for the purpose. */
  async require(phone: string, purpose: PhoneCodePurpose, code: string | undefined): Promise<void> {
    if (!code || !(await this.store.check(phone, purpose, code))) throw phoneCodeInvalid();
  }
}
