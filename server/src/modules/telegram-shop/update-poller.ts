import type { FastifyBaseLogger } from 'fastify';
import { Api } from 'grammy';
import type { Leadership } from '../../background/leadership.js';
import type { CustomerBot } from './customer-bot.js';

/**
 * Long polling (`TELEGRAM_UPDATES=polling`), from one process at a time: Telegram hands each update
 * to one getUpdates caller, and two callers would take each other's. The leader drops any webhook
 * first (Telegram refuses getUpdates while one is set), then asks in a loop; an update is confirmed
 * by the next call's offset, so one in hand when the process stops comes again to the next leader.
 */
export class UpdatePoller {
  private stopped = true;
  private loop: Promise<void> | undefined;
  private offset: number | undefined;
  private webhookDropped = false;
  /** Ends a long poll in progress when the process stops. */
  private readonly abort = new AbortController();
  private readonly api: Api;

  constructor(
    private readonly bot: CustomerBot,
    private readonly leadership: Leadership,
    private readonly log: FastifyBaseLogger,
    private readonly timing: {
      apiRoot: string;
      longPollSeconds: number;
      maxBackoffMs: number;
      requestTimeoutMs: number;
    },
  ) {
    // Telegram holds a quiet getUpdates for its whole `timeout`: the client waits that long and its
    // usual request timeout on top, so a quiet poll is an answer, not an error.
    this.api = new Api(bot.bot.token, {
      apiRoot: timing.apiRoot,
      timeoutSeconds: timing.longPollSeconds + Math.ceil(timing.requestTimeoutMs / 1000),
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
    await this.leadership.release();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!(await this.leadership.acquire())) {
          await this.sleep(1_000);
          continue;
        }
        await this.pollOnce();
        failures = 0;
      } catch (error) {
        if (this.stopped) break;
        failures += 1;
        if (failures === 1) this.log.warn({ err: error }, 'Customer bot: getUpdates failed; retrying');
        await this.sleep(Math.min(this.timing.maxBackoffMs, 500 * 2 ** failures));
      }
    }
  }

  /** One getUpdates call, and the updates it brought handled in order. */
  private async pollOnce(): Promise<number> {
    const { api } = this;
    if (!this.webhookDropped) {
      await api.deleteWebhook();
      this.webhookDropped = true;
    }
    const updates = await api.getUpdates(
      { offset: this.offset, timeout: this.timing.longPollSeconds, allowed_updates: ['message'] },
      // grammY types its signal with the abort-controller package's type; Node's is the same thing.
      this.abort.signal as Parameters<typeof api.getUpdates>[1],
    );
    for (const update of updates) {
      await this.bot.handle(update);
      this.offset = update.update_id + 1;
    }
    return updates.length;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }
}
