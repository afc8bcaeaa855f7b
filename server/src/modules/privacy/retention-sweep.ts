import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';

/** Orders finished before `before` lose their buyer's personal data; answers how many did. */
export type OldOrderRemoval = (tx: Tx, before: Date, batch: number) => Promise<number>;

const BATCH = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An average month, so that fractions of a month (`PERSONAL_DATA_MONTHS=0.5`) mean what they say. */
const MONTH_MS = 30.44 * DAY_MS;

/**
 * The retention sweep: orders delivered or cancelled more than `months` ago keep what was bought,
 * the amounts and the fiscal data, and lose the buyer's name, phone and address. In batches, so a
 * first run over years of orders never holds one long transaction.
 */
export class RetentionSweep {
  constructor(
    private readonly db: Db,
    private readonly removeOld: OldOrderRemoval,
    private readonly months: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private lastRun = 0;

  /** The sweep's pass: at most once an hour, since a finished order's age moves slowly. */
  readonly hourly = async (now: Date): Promise<number> => {
    if (now.getTime() - this.lastRun < HOUR_MS) return 0;
    this.lastRun = now.getTime();
    return this.run(now);
  };

  readonly run = async (now: Date = new Date()): Promise<number> => {
    const before = new Date(now.getTime() - this.months * MONTH_MS);
    let total = 0;
    for (;;) {
      const removed = await this.db.transaction((tx) => this.removeOld(tx, before, BATCH));
      total += removed;
      if (removed < BATCH) break;
    }
    if (total > 0) this.log?.info({ orders: total }, 'personal data of finished orders removed');
    return total;
  };
}
