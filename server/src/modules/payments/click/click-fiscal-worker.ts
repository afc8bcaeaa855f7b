import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ClickConfig, PaymentConfig } from '../../../config/payment-config.js';
import type { Database, Db } from '../../../db/client.js';
import { clickFiscalOutbox, type ClickFiscalRow } from '../../../db/schema.js';
import { leadershipFor, type Leadership } from '../../alerts/leadership.js';
import { storeFiscalRecord } from '../fiscal/fiscal-records.js';
import { clickAuthHeader } from './click-fiscal.js';

const BATCH = 20;
const REQUEST_TIMEOUT_MS = 10_000;

export interface ClickFiscalTiming {
  pollMs: number;
  maxBackoffMs: number;
}
export const DEFAULT_CLICK_FISCAL_TIMING: ClickFiscalTiming = { pollMs: 5_000, maxBackoffMs: 5 * 60_000 };

class ClickUnavailable extends Error {}

/**
 * Sends the Click receipts outbox from one process at a time (the SMS worker's way): `submit_items`,
 * then `ofd_data` for the receipt link. An outage or a restart delays a receipt, never loses it.
 * Before sending a receipt again it asks Click whether the first try arrived (its answer may have
 * been lost), so no payment's receipt is submitted twice.
 */
export class ClickFiscalWorker {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = true;
  private failuresInARow = 0;
  private pausedUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly click: ClickConfig & { merchantUserId: string },
    private readonly leadership: Leadership,
    private readonly log: FastifyBaseLogger,
    private readonly timing: ClickFiscalTiming,
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

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.pass()
        .catch((error: unknown) => this.log.error({ err: error }, 'Click receipts: a pass failed'))
        .finally(() => this.schedule(Math.max(this.timing.pollMs, this.pausedUntil - Date.now())));
    }, ms);
    this.timer.unref();
  }

  /** One pass over the due receipts, after any pass in progress; public so tests can drive it. */
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
      .from(clickFiscalOutbox)
      .where(
        and(
          inArray(clickFiscalOutbox.state, ['pending', 'submitted']),
          lte(clickFiscalOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(clickFiscalOutbox.id))
      .limit(BATCH);
    let done = 0;
    for (const row of due) {
      try {
        if (await this.advance(row)) done += 1;
      } catch (error) {
        await this.retryLater(row, error instanceof Error ? error.message : String(error));
        break;
      }
    }
    return done;
  }

  /** Moves one receipt on; true once its link is stored. */
  private async advance(row: ClickFiscalRow): Promise<boolean> {
    // A pending row tried before may have reached Click with its answer lost: ask first.
    const known = row.attempts > 0 || row.state === 'submitted' ? await this.receiptUrl(row) : null;
    if (known) return this.finish(row, known);
    if (row.state === 'pending') {
      const answer = await this.call('POST', '/payment/ofd_data/submit_items', row.payload);
      const code = Number(answer.error_code);
      if (code !== 0) {
        await this.update(row, {
          state: 'dead',
          lastError: `Click refused: ${code} ${String(answer.error_note ?? '')}`,
        });
        this.log.warn(`Click receipt of order ${row.orderId} refused (${code})`);
        return false;
      }
      await this.update(row, { state: 'submitted', lastError: null });
      const url = await this.receiptUrl(row);
      if (url) return this.finish(row, url);
    }
    // Click registers the receipt with the tax office in its own time: ask again on a later pass.
    await this.update(row, { nextAttemptAt: new Date(Date.now() + this.timing.pollMs) });
    return false;
  }

  private async receiptUrl(row: ClickFiscalRow): Promise<string | null> {
    const answer = await this.call('GET', `/payment/ofd_data/${this.click.serviceId}/${row.paymentId}`);
    return typeof answer.qrCodeURL === 'string' && answer.qrCodeURL ? answer.qrCodeURL : null;
  }

  private async finish(row: ClickFiscalRow, url: string): Promise<boolean> {
    await this.db.transaction(async (tx) => {
      await storeFiscalRecord(tx, {
        provider: 'click',
        providerId: row.paymentId,
        kind: 'PERFORM',
        orderId: row.orderId,
        url,
        data: { qrCodeURL: url },
      });
      await tx
        .update(clickFiscalOutbox)
        .set({ state: 'sent', sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
        .where(eq(clickFiscalOutbox.id, row.id));
    });
    if (this.failuresInARow > 0) this.log.info('Click receipts: the API answers again');
    this.failuresInARow = 0;
    return true;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${this.click.apiRoot}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          auth: clickAuthHeader(this.click.merchantUserId, this.click.secretKey, new Date()),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ClickUnavailable(`Click unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new ClickUnavailable(`Click answered HTTP ${response.status}`);
    return ((await response.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  }

  private async update(row: ClickFiscalRow, set: Partial<typeof clickFiscalOutbox.$inferInsert>) {
    await this.db
      .update(clickFiscalOutbox)
      .set({ attempts: row.attempts + 1, ...set })
      .where(eq(clickFiscalOutbox.id, row.id));
  }

  private async retryLater(row: ClickFiscalRow, error: string): Promise<void> {
    this.failuresInARow += 1;
    const wait = Math.min(this.timing.maxBackoffMs, 1_000 * 2 ** (this.failuresInARow - 1));
    await this.update(row, { lastError: error, nextAttemptAt: new Date(Date.now() + wait) });
    this.pausedUntil = Date.now() + wait;
    if (this.failuresInARow === 1) this.log.warn(`Click receipts: ${error}; retrying`);
  }
}

/** Click's receipts leave through their outbox when the shop has a Click merchant user id. */
export function clickReceiptsWorker(
  payments: PaymentConfig,
  database: Database,
  log: FastifyBaseLogger,
): ClickFiscalWorker | undefined {
  const click = payments.click;
  if (!click?.merchantUserId) return undefined;
  return new ClickFiscalWorker(
    database.db,
    { ...click, merchantUserId: click.merchantUserId },
    leadershipFor(database, 'shop:click-receipts'),
    log,
    payments.clickReceiptTiming ?? DEFAULT_CLICK_FISCAL_TIMING,
  );
}
