import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from './leadership.js';

export interface PollingTiming {
  /** How often the outbox is looked at when nothing is due sooner. */
  pollMs: number;
  /** The first wait after a failure (1 s unless said); it doubles with each failure in a row. */
  baseBackoffMs?: number;
  /** The longest wait after failures in a row. */
  maxBackoffMs: number;
}

/**
 * The timing under every outbox worker (outbox-worker.ts): from one process at a time
 * (`leadership`), a pass every `pollMs`, passes never overlapping in a process (so nothing is
 * sent twice from here), and a pause after a failure that the next pass respects. A subclass
 * says what one pass does (`work`) and how long to pause (`pauseFor`).
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = true;
  /** Set by `stop`: a pass in progress ends after the message in hand (`work` checks it). */
  protected closing = false;
  protected failuresInARow = 0;
  private pausedUntil = 0;

  protected constructor(
    /** Names the worker in its log lines ("SMS", "Staff alerts"). */
    private readonly name: string,
    protected readonly leadership: Leadership,
    protected readonly log: FastifyBaseLogger,
    protected readonly timing: PollingTiming,
  ) {}

  /** Sends the due messages, oldest first; answers how many were done. */
  protected abstract work(): Promise<number>;

  /** False while the worker cannot work at all (no token configured, or refused). */
  protected canWork(): boolean {
    return true;
  }

  start(): void {
    if (!this.stopped || !this.canWork()) return;
    this.stopped = false;
    this.closing = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    await this.chain;
    await this.leadership.release();
  }

  /** Wakes the worker now (a message was just queued) instead of at its next poll. */
  nudge(): void {
    if (this.stopped || this.paused()) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** One pass over the due messages, after any pass in progress; public so tests can drive it. */
  pass(): Promise<number> {
    const run = this.chain.then(async () => {
      if (this.closing || this.paused() || !this.canWork()) return 0;
      if (!(await this.leadership.acquire())) return 0;
      return this.work();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** No pass until `ms` from now (a failure, or the provider asked to wait). */
  protected pauseFor(ms: number): void {
    this.pausedUntil = Date.now() + ms;
  }

  /** One more failure in a row; answers the wait before the next try: doubling, capped. */
  protected backOff(): number {
    this.failuresInARow += 1;
    const first = this.timing.baseBackoffMs ?? 1_000;
    return Math.min(this.timing.maxBackoffMs, first * 2 ** (this.failuresInARow - 1));
  }

  private paused(): boolean {
    return Date.now() < this.pausedUntil;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.pass()
        .catch((error: unknown) => this.log.error({ err: error }, `${this.name}: a pass failed`))
        .finally(() => {
          clearTimeout(this.timer);
          this.schedule(Math.max(this.timing.pollMs, this.pausedUntil - Date.now()));
        });
    }, ms);
    this.timer.unref();
  }
}
