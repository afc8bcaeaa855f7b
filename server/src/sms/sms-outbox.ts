import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '@shop/common';
import type { Db, Tx } from '../db/client.js';
import { smsOutbox } from '../db/schema.js';
import { AppError } from '../plugins/errors.js';
import { smsText, type SmsPurpose } from './sms-templates.js';

export interface QueuedSms {
  phone: string;
  purpose: SmsPurpose;
  language: Language;
  shopName: string;
  /** The template's variable part: the code, or the quote's link. */
  value: string;
  giveUpAt: Date;
}

/** The one way into the SMS outbox, so that only moderated texts ever leave (sms-templates.ts). */
export async function queueSms(tx: Tx | Db, sms: QueuedSms): Promise<void> {
  await tx.insert(smsOutbox).values({
    phone: sms.phone,
    purpose: sms.purpose,
    message: smsText(sms.purpose, sms.language, sms.shopName, sms.value),
    giveUpAt: sms.giveUpAt,
  });
}

/**
 * Whether the latest SMS for this phone and purpose could not be sent (refused, given up, or
 * reported undelivered): then a shopper waiting for its code is told so rather than left waiting.
 */
export async function lastSmsFailed(db: Db, phone: string, purpose: SmsPurpose): Promise<boolean> {
  const [last] = await db
    .select({ state: smsOutbox.state, delivery: smsOutbox.delivery })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.purpose, purpose)))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return last !== undefined && (last.state === 'dead' || last.delivery === 'failed');
}

export const smsNotSent = () =>
  new AppError(
    409,
    'SMS_NOT_SENT',
    'We could not send the code by SMS. Ask for a new one in a few minutes, or call the shop.',
  );
