import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { smsOutbox, type SmsOutboxRow } from '../../db/schema.js';
import type { Leadership } from '../../background/leadership.js';
import { OutboxWorker, type Delivery } from '../../background/outbox-worker.js';
import type { PollingTiming } from '../../background/polling-worker.js';
import { SmsSendError, type SmsFailure, type SmsProvider } from './sms-providers.js';

export type SmsWorkerTiming = PollingTiming;

/**
 * Sends the SMS outbox, oldest first, from one process at a time (background/outbox-worker.ts).
 * A message is marked sent after the provider took it, so an outage or a restart delays it, never
 * loses it. A failure stops the pass and backs off, doubling up to `maxBackoffMs`; a message whose
 * code has expired meanwhile is given up.
 */
export class SmsWorker extends OutboxWorker<SmsOutboxRow> {
  constructor(
    db: Db,
    private readonly provider: SmsProvider,
    leadership: Leadership,
    log: FastifyBaseLogger,
    timing: SmsWorkerTiming,
  ) {
    super('SMS', db, smsOutbox, ['pending'], leadership, log, timing);
  }

  protected async deliver(sms: SmsOutboxRow): Promise<Delivery> {
    if (sms.giveUpAt.getTime() <= Date.now()) {
      const reason = 'not sent before its code expired (the provider did not answer)';
      await this.close(sms, { state: 'dead', lastError: sms.lastError, reason, failure: 'expired' });
      return 'next';
    }
    let sent: { providerId?: string };
    try {
      sent = await this.provider.send(sms.phone, sms.message, sms.id);
    } catch (error) {
      const failure = error instanceof SmsSendError ? error : new SmsSendError(String(error), 'retry');
      if (failure.kind === 'dead') {
        const { message, reason } = failure;
        await this.close(sms, { state: 'dead', lastError: message, reason, failure: failure.failure });
        return 'next';
      }
      await this.retryLater(sms, failure.message);
      return 'stop';
    }
    await this.close(sms, { state: 'sent', lastError: null, providerId: sent.providerId ?? null });
    return 'sent';
  }

  /** Done with a message either way: its text (the code) is blanked, as it is no longer needed. */
  private async close(
    sms: SmsOutboxRow,
    outcome: Pick<SmsOutboxRow, 'lastError'> &
      ({ state: 'sent'; providerId: string | null } | { state: 'dead'; reason: string; failure: SmsFailure }),
  ): Promise<void> {
    await this.db
      .update(smsOutbox)
      .set({
        ...outcome,
        message: '',
        attempts: sms.attempts + 1,
        ...(outcome.state === 'sent' && { sentAt: sql`now()` }),
      })
      .where(eq(smsOutbox.id, sms.id));
    if (outcome.state === 'sent') {
      if (this.failuresInARow > 0) this.log.info('SMS: the provider answers again');
      this.failuresInARow = 0;
    } else this.log.warn(`SMS ${sms.id} given up (${outcome.reason})`);
  }

  private async retryLater(sms: SmsOutboxRow, error: string): Promise<void> {
    const wait = this.backOff();
    await this.db
      .update(smsOutbox)
      .set({ attempts: sms.attempts + 1, lastError: error, nextAttemptAt: new Date(Date.now() + wait) })
      .where(eq(smsOutbox.id, sms.id));
    this.pauseFor(wait);
    if (this.failuresInARow === 1)
      this.log.warn(`SMS: the provider did not take a message (${error}); retrying`);
  }
}
