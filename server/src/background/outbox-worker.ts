import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Leadership } from './leadership.js';
import { PollingWorker, type PollingTiming } from './polling-worker.js';

/** Messages taken per pass; the next pass takes the rest. */
const BATCH = 20;

/** What every outbox table has: an id in queue order, a state, and when the next attempt is due. */
export type OutboxTable = PgTable & { id: PgColumn; state: PgColumn; nextAttemptAt: PgColumn };

/**
 * What a channel did with one message: `sent` (it counts), `next` (settled without sending, e.g.
 * given up; the pass goes on), `stop` (a failure: the channel recorded it and paused the worker,
 * so the pass ends and later messages keep their order).
 */
export type Delivery = 'sent' | 'next' | 'stop';

/**
 * The one outbox loop (staff alerts, SMS, Click receipts, order news): each pass takes the due
 * messages of one table, oldest first, and hands them to the channel one at a time until one
 * fails or the worker is stopping. Leadership, passes that never overlap, backoff and pauses are
 * the polling worker's; a channel says which rows are due (`dueStates`) and how one is sent.
 */
export abstract class OutboxWorker<Row> extends PollingWorker {
  protected constructor(
    name: string,
    protected readonly db: Db,
    private readonly table: OutboxTable,
    private readonly dueStates: readonly string[],
    leadership: Leadership,
    log: FastifyBaseLogger,
    timing: PollingTiming,
  ) {
    super(name, leadership, log, timing);
  }

  /** Sends one message and records the outcome in its row. */
  protected abstract deliver(row: Row): Promise<Delivery>;

  protected async work(): Promise<number> {
    const table = this.table;
    const due = (await this.db
      .select()
      .from(table)
      .where(and(inArray(table.state, [...this.dueStates]), lte(table.nextAttemptAt, sql`now()`)))
      .orderBy(asc(table.id))
      .limit(BATCH)) as Row[];
    let sent = 0;
    for (const row of due) {
      if (this.closing) break;
      const delivery = await this.deliver(row);
      if (delivery === 'sent') sent += 1;
      if (delivery === 'stop') break;
    }
    return sent;
  }
}
