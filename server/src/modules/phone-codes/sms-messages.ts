import { timingSafeEqual } from 'node:crypto';
import { count, desc, eq, or } from 'drizzle-orm';
import type { EskizStatus, Paged, SmsMessage, SmsStatus } from '@shop/common';
import type { Db } from '../../db/client.js';
import { offsetOf, toPage, type PageRequest } from '../../db/paging.js';
import { smsOutbox, type SmsOutboxRow } from '../../db/schema.js';

/** Eskiz's delivery statuses (its SMPP words) that end a message one way or the other. */
const DELIVERED = new Set(['DELIVRD', 'DELIVERED']);
const UNDELIVERED = new Set([
  'UNDELIV',
  'UNDELIVERED',
  'REJECTD',
  'REJECTED',
  'EXPIRED',
  'FAILED',
  'DELETED',
]);

/** Only the last 4 digits show: staff see which message it is, not whose phone. */
export function maskPhone(phone: string): string {
  return phone.slice(0, -4).replace(/\d/g, '*') + phone.slice(-4);
}

function statusOf(row: Pick<SmsOutboxRow, 'state' | 'delivery'>): SmsStatus {
  if (row.state === 'pending') return 'queued';
  if (row.state === 'dead' || row.delivery === 'failed') return 'failed';
  return row.delivery === 'delivered' ? 'delivered' : 'sent';
}

/** What staff see of the SMS outbox, and Eskiz's delivery reports on it. */
export class SmsMessages {
  constructor(
    private readonly db: Db,
    /** SMS_CALLBACK_SECRET: the delivery-report address's last part; unset, reports are refused. */
    private readonly callbackSecret: string | undefined,
  ) {}

  async list(paging: PageRequest): Promise<Paged<SmsMessage>> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(smsOutbox)
        .orderBy(desc(smsOutbox.id))
        .limit(paging.limit)
        .offset(offsetOf(paging)),
      this.db.select({ total: count() }).from(smsOutbox),
    ]);
    const docs = rows.map((row) => ({
      _id: String(row.id),
      phoneNumber: maskPhone(row.phone),
      purpose: row.purpose,
      status: statusOf(row),
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    }));
    return toPage(docs, total?.total ?? 0, paging);
  }

  secretMatches(secret: string): boolean {
    if (!this.callbackSecret) return false;
    const given = Buffer.from(secret);
    const expected = Buffer.from(this.callbackSecret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Records a delivery report; a status that ends nothing (accepted, on its way) changes nothing. */
  async report(report: EskizStatus): Promise<void> {
    const status = report.status.toUpperCase();
    const delivery = DELIVERED.has(status) ? 'delivered' : UNDELIVERED.has(status) ? 'failed' : null;
    if (!delivery) return;
    const ours = Number(report.user_sms_id);
    const theirs = [report.request_id, report.message_id].filter((id): id is string => Boolean(id));
    const matches = [
      ...(Number.isSafeInteger(ours) && ours > 0 && ours < 2 ** 31 ? [eq(smsOutbox.id, ours)] : []),
      ...theirs.map((id) => eq(smsOutbox.providerId, id)),
    ];
    if (matches.length === 0) return;
    await this.db
      .update(smsOutbox)
      .set({
        delivery,
        ...(delivery === 'failed' && {
          reason: `The phone's network did not deliver it (${status})`,
          failure: 'undelivered',
        }),
      })
      .where(or(...matches));
  }
}
