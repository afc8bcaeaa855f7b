import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { smsOutbox, type SmsOutboxRow } from '../../db/schema.js';
import type { Leadership } from '../alerts/leadership.js';
import { SmsSendError, type SmsProvider } from './sms-providers.js';

const BATCH = 20;

export interface SmsWorkerTiming {
  pollMs: number;
  maxBackoffMs: number;
}

/**
 * Sends the SMS outbox, oldest first, from one process at a time (the staff alerts' way). A message
 * is marked sent after the provider took it, so an outage or a restart delays it, never loses it;
 * passes never overlap in a process, so nothing is sent twice. A failure stops the pass and backs
 * off, doubling up to `maxBackoffMs`; a message whose code has expired meanwhile is given up.
 */
export class SmsWorker {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = true;
  private failuresInARow = 0;
  private pausedUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly leadership: Leadership,
    private readonly log: FastifyBaseLogger,
    private readonly timing: SmsWorkerTiming,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain;
    await this.leadership.release();
  }

  /** Wakes the worker now (a code was just asked for) instead of at its next poll. */
  nudge(): void {
    if (this.stopped || Date.now() < this.pausedUntil) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.pass()
        .catch((error: unknown) => this.log.error({ err: error }, 'SMS: a pass failed'))
        .finally(() => {
          clearTimeout(this.timer);
          this.schedule(Math.max(this.timing.pollMs, this.pausedUntil - Date.now()));
        });
    }, ms);
    this.timer.unref();
  }

  /** One pass over the due messages, after any pass in progress; public so tests can drive it. */
  pass(): Promise<number> {
    const run = this.chain.then(() => this.passOnce());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async passOnce(): Promise<number> {
    if (Date.now() < this.pausedUntil) return 0;
    if (!(await this.leadership.acquire())) return 0;
    const due = await this.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.state, 'pending'), lte(smsOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(smsOutbox.id))
      .limit(BATCH);
    let sent = 0;
    for (const sms of due) {
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
    this.failuresInARow += 1;
    const wait = Math.min(this.timing.maxBackoffMs, 1_000 * 2 ** (this.failuresInARow - 1));
    await this.db
      .update(smsOutbox)
      .set({ attempts: sms.attempts + 1, lastError: error, nextAttemptAt: new Date(Date.now() + wait) })
      .where(eq(smsOutbox.id, sms.id));
    this.pausedUntil = Date.now() + wait;
    if (this.failuresInARow === 1)
      this.log.warn(`SMS: the provider did not take a message (${error}); retrying`);
  }
}
