import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ClickConfig, PaymentConfig } from '../../../config/payment-config.js';
import type { Database, Db } from '../../../db/client.js';
import { clickFiscalOutbox, type ClickFiscalRow } from '../../../db/schema.js';
import { leadershipFor, type Leadership } from '../../../background/leadership.js';
import { OutboxWorker, type Delivery } from '../../../background/outbox-worker.js';
import type { PollingTiming } from '../../../background/polling-worker.js';
import { storeFiscalRecord } from '../fiscal/fiscal-records.js';
import { clickAuthHeader } from './click-fiscal.js';

const REQUEST_TIMEOUT_MS = 10_000;

export type ClickFiscalTiming = PollingTiming;
export const DEFAULT_CLICK_FISCAL_TIMING: ClickFiscalTiming = { pollMs: 5_000, maxBackoffMs: 5 * 60_000 };

class ClickUnavailable extends Error {}

/** Click's refusal as staff read it: its note, and its code for Click's support. */
const clickReason = (answer: Record<string, unknown>, code: number): string => {
  const note = typeof answer.error_note === 'string' ? answer.error_note.trim() : '';
  return `${note || 'Click refused the receipt'} (error ${code})`;
};

/**
 * Sends the Click receipts outbox from one process at a time (background/outbox-worker.ts):
 * `submit_items`, then `ofd_data` for the receipt link. An outage or a restart delays a receipt,
 * never loses it. Before sending a receipt again it asks Click whether the first try arrived (its
 * answer may have been lost), so no payment's receipt is submitted twice.
 */
export class ClickFiscalWorker extends OutboxWorker<ClickFiscalRow> {
  constructor(
    db: Db,
    private readonly click: ClickConfig & { merchantUserId: string },
    leadership: Leadership,
    log: FastifyBaseLogger,
    timing: ClickFiscalTiming,
  ) {
    super('Click receipts', db, clickFiscalOutbox, ['pending', 'submitted'], leadership, log, timing);
  }

  protected async deliver(row: ClickFiscalRow): Promise<Delivery> {
    try {
      return (await this.advance(row)) ? 'sent' : 'next';
    } catch (error) {
      await this.retryLater(row, error instanceof Error ? error.message : String(error));
      return 'stop';
    }
  }

  /** Moves one receipt on; true once its link is stored. */
  private async advance(row: ClickFiscalRow): Promise<boolean> {
    if (row.kind === 'reversal') return this.reverse(row);
    // A pending row tried before may have reached Click with its answer lost: ask first.
    const known = row.attempts > 0 || row.state === 'submitted' ? await this.receiptUrl(row) : null;
    if (known) return this.finish(row, known);
    if (row.state === 'pending') {
      const answer = await this.call('POST', '/payment/ofd_data/submit_items', row.payload);
      const code = Number(answer.error_code);
      if (code !== 0) {
        // Kept with Click's own words: staff read them on the order, fix the codes and send again.
        await this.update(row, { state: 'dead', lastError: clickReason(answer, code) });
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

  /** Gives a charged payment back; Click's error -5017 (already reversed) counts as done. */
  private async reverse(row: ClickFiscalRow): Promise<boolean> {
    const answer = await this.call('DELETE', `/payment/reversal/${this.click.serviceId}/${row.paymentId}`);
    const code = Number(answer.error_code ?? 0);
    if (code !== 0 && code !== -5017) {
      await this.update(row, {
        state: 'dead',
        lastError: `Click refused the reversal: ${code} ${String(answer.error_note ?? '')}`,
      });
      this.log.error(`Click reversal of payment ${row.paymentId} (order ${row.orderId}) refused (${code})`);
      return false;
    }
    await this.update(row, { state: 'sent', sentAt: new Date(), lastError: null });
    return true;
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

  private async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
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
    const wait = this.backOff();
    await this.update(row, { lastError: error, nextAttemptAt: new Date(Date.now() + wait) });
    this.pauseFor(wait);
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
