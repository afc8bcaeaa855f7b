import pino from 'pino';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Leadership } from './leadership.js';
import { PollingWorker } from './polling-worker.js';

const alone: Leadership = { acquire: async () => true, release: async () => {} };

/** Sends from a list; `failNext` makes the next message fail once. */
class ListWorker extends PollingWorker {
  readonly sent: string[] = [];
  readonly waits: number[] = [];
  inFlight = 0;
  overlapped = false;
  failNext = false;
  /** Called after each message sent. */
  afterSend = () => {};

  constructor(
    readonly queue: string[],
    leadership: Leadership = alone,
  ) {
    super('List', leadership, pino({ level: 'silent' }), { pollMs: 60_000, maxBackoffMs: 4_000 });
  }

  protected async work(): Promise<number> {
    this.inFlight += 1;
    if (this.inFlight > 1) this.overlapped = true;
    let done = 0;
    try {
      while (this.queue.length > 0 && !this.closing) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (this.failNext) {
          this.failNext = false;
          const wait = this.backOff();
          this.waits.push(wait);
          this.pauseFor(wait);
          break;
        }
        this.sent.push(this.queue.shift()!);
        done += 1;
        this.afterSend();
      }
    } finally {
      this.inFlight -= 1;
    }
    return done;
  }
}

describe('the outbox workers’ polling loop', () => {
  it('runs passes asked at once one after the other, never together', async () => {
    const worker = new ListWorker(['a', 'b', 'c']);
    const done = await Promise.all([worker.pass(), worker.pass(), worker.pass()]);
    expect(done).toEqual([3, 0, 0]);
    expect(worker.sent).toEqual(['a', 'b', 'c']);
    expect(worker.overlapped).toBe(false);
  });

  it('pauses after a failure: a pass during the pause sends nothing', async () => {
    const worker = new ListWorker(['a', 'b']);
    worker.failNext = true;
    expect(await worker.pass()).toBe(0);
    expect(await worker.pass()).toBe(0);
    expect(worker.queue).toEqual(['a', 'b']);
  });

  it('doubles the wait with each failure in a row, up to the longest', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const worker = new ListWorker(['a']);
    for (let failure = 0; failure < 5; failure += 1) {
      worker.failNext = true;
      await worker.pass();
      // The pause over: the clock moved past it.
      vi.setSystemTime(Date.now() + worker.waits.at(-1)!);
    }
    expect(worker.waits).toEqual([1_000, 2_000, 4_000, 4_000, 4_000]);
    worker.failNext = false;
    expect(await worker.pass()).toBe(1);
  });

  it('does nothing in a process that is not the leader', async () => {
    const worker = new ListWorker(['a'], { acquire: async () => false, release: async () => {} });
    expect(await worker.pass()).toBe(0);
    expect(worker.queue).toEqual(['a']);
  });

  it('stops after the message in hand, and releases the leadership', async () => {
    let released = false;
    const worker = new ListWorker(['a', 'b', 'c', 'd'], {
      acquire: async () => true,
      release: async () => {
        released = true;
      },
    });
    let stopped: Promise<void> | undefined;
    worker.afterSend = () => {
      stopped ??= worker.stop();
    };
    worker.start();
    while (!stopped) await new Promise((resolve) => setTimeout(resolve, 1));
    await stopped;
    expect(released).toBe(true);
    // Stop was asked while the first was in hand: it finished, the rest wait for the next start.
    expect(worker.sent).toEqual(['a']);
    expect(worker.queue).toEqual(['b', 'c', 'd']);
    expect(worker.inFlight).toBe(0);
  });
});
