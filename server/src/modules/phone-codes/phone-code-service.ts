import { eq } from 'drizzle-orm';
import { PHONE_CODE, type Language, type PhoneCodePurpose } from '@shop/common';
import type { Db } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { lastSmsFailed, queueSms, smsNotSent } from '../../sms/sms-outbox.js';
import { AppError } from '../../plugins/errors.js';
import type { CodeRequestLimits } from './code-limits.js';
import type { PhoneCodeStore } from './code-store.js';

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
   * Makes and queues a code. Answers alike whether or not the phone has an account. A reset or
   * account code goes only to a phone with an account, an order-lookup code only to one with an account or an
   * order (nothing else to open, and the owner did not ask): for any other phone nothing is sent and
   * nothing counted, so a stranger cannot spend the owner's codes on it. Checkout's instalment
   * check (`forInstalments`) asks before the phone has an order, so its code is always sent.
   * Answers 0, or the seconds to wait when a limit refused (nothing made, nothing counted).
   */
  async request(
    phone: string,
    purpose: PhoneCodePurpose,
    address: string,
    language: Language,
    forInstalments = false,
  ): Promise<number> {
    if (!(await this.worthSending(phone, purpose, forInstalments))) return 0;
    const wait = await this.limits.admit(phone, purpose, address);
    if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
    await this.db.transaction(async (tx) => {
      const code = await this.store.issue(tx, phone, purpose);
      await queueSms(tx, {
        phone,
        purpose: purpose === 'orders' && forInstalments ? 'instalment' : purpose,
        language,
        shopName: this.shopName,
        value: code,
        giveUpAt: new Date(Date.now() + PHONE_CODE.expiresInSeconds * 1000),
      });
    });
    this.queued();
    return 0;
  }

  private async worthSending(phone: string, purpose: PhoneCodePurpose, forInstalments: boolean) {
    if (purpose === 'signup' || (purpose === 'orders' && forInstalments)) return true;
    const [account] = await this.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
    if (account || purpose === 'reset' || purpose === 'account') return !!account;
    const [order] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.phoneNumber, phone))
      .limit(1);
    return !!order;
  }

  /**
   * Throws PHONE_CODE_INVALID unless `code` is the phone's live code for the purpose, or
   * SMS_NOT_SENT when the code could not be sent at all.
   */
  async require(phone: string, purpose: PhoneCodePurpose, code: string | undefined): Promise<void> {
    if (code && (await this.store.check(phone, purpose, code))) return;
    if (await lastSmsFailed(this.db, phone, purpose)) throw smsNotSent();
    throw phoneCodeInvalid();
  }
}
