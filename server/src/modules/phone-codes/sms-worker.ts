import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { smsOutbox, type SmsOutboxRow } from '../../db/schema.js';
import type { Leadership } from '../../background/leadership.js';
import { PollingWorker, type PollingTiming } from '../../background/polling-worker.js';
import { SmsSendError, type SmsProvider } from './sms-providers.js';

const BATCH = 20;

export type SmsWorkerTiming = PollingTiming;

/**
 * Sends the SMS outbox, oldest first, from one process at a time (background/polling-worker.ts).
 * A message is marked sent after the provider took it, so an outage or a restart delays it, never
 * loses it. A failure stops the pass and backs off, doubling up to `maxBackoffMs`; a message whose
 * code has expired meanwhile is given up.
 */
export class SmsWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    leadership: Leadership,
    log: FastifyBaseLogger,
    timing: SmsWorkerTiming,
  ) {
    super('SMS', leadership, log, timing);
  }

  protected async work(): Promise<number> {
    const due = await this.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.state, 'pending'), lte(smsOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(smsOutbox.id))
      .limit(BATCH);
    let sent = 0;
    for (const sms of due) {
      if (this.closing) break;
      if (sms.giveUpAt.getTime() <= Date.now()) {
        await this.close(sms, 'dead', 'the code expired before it could be sent');
        continue;
      }
      try {
        await this.provider.send(sms.phone, sms.message);
      } catch (error) {
        const failure = error instanceof SmsSendError ? error : new SmsSendError(String(error), 'retry');
        if (failure.kind === 'dead') {
          await this.close(sms, 'dead', failure.message);
          continue;
        }
        await this.retryLater(sms, failure.message);
        break;
      }
      await this.close(sms, 'sent', null);
      sent += 1;
    }
    return sent;
  }

  /** Done with a message either way: its text (the code) is blanked, as it is no longer needed. */
  private async close(sms: SmsOutboxRow, state: 'sent' | 'dead', error: string | null): Promise<void> {
    await this.db
      .update(smsOutbox)
      .set({
        state,
        message: '',
        attempts: sms.attempts + 1,
        lastError: error,
        ...(state === 'sent' && { sentAt: sql`now()` }),
      })
      .where(eq(smsOutbox.id, sms.id));
    if (state === 'sent') {
      if (this.failuresInARow > 0) this.log.info('SMS: the provider answers again');
      this.failuresInARow = 0;
    } else this.log.warn(`SMS ${sms.id} given up (${error})`);
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
