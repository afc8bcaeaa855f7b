import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GrammyError, type Api } from 'grammy';
import type { Db } from '../../db/client.js';
import { orderNews, telegramLinks, type OrderNewsRow } from '../../db/schema.js';
import type { Leadership } from '../alerts/leadership.js';
import { BOT_TEXTS, newsText } from './bot-texts.js';

const BATCH = 20;
/** News not sent a day after the event are stale: given up. */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export interface NewsWorkerTiming {
  pollMs: number;
  maxBackoffMs: number;
}

type Failure = { kind: 'wait' | 'retry' | 'refused'; ms: number } | { kind: 'dead'; blocked: boolean };

/** What Telegram's refusal means for this message and the ones after it. */
function failureOf(error: unknown, failuresInARow: number, timing: NewsWorkerTiming): Failure {
  const backoff = Math.min(timing.maxBackoffMs, 1_000 * 2 ** failuresInARow);
  if (!(error instanceof GrammyError)) return { kind: 'retry', ms: backoff };
  if (error.error_code === 429) return { kind: 'wait', ms: (error.parameters.retry_after ?? 5) * 1000 };
  // The token is not a bot's: nothing can leave until it is fixed; the news wait.
  if (error.error_code === 401 || error.error_code === 404)
    return { kind: 'refused', ms: timing.maxBackoffMs };
  // 403: the customer blocked the bot. Other 4xx (chat not found…) concern this message alone.
  if (error.error_code >= 400 && error.error_code < 500)
    return { kind: 'dead', blocked: error.error_code === 403 };
  return { kind: 'retry', ms: backoff };
}

/**
 * Sends the order news outbox, oldest first, from one process at a time (the SMS worker's way).
 * A message is marked sent after Telegram took it, and `stop` lets the message in hand finish
 * first, so a restart neither loses nor repeats one; only a crash between Telegram's answer and
 * the mark can repeat that one message.
 */
export class NewsWorker {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = true;
  /** Set by `stop`: a pass in progress ends after the message in hand. */
  private closing = false;
  private failuresInARow = 0;
  private pausedUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly api: Api,
    private readonly publicUrl: string,
    private readonly leadership: Leadership,
    private readonly log: FastifyBaseLogger,
    private readonly timing: NewsWorkerTiming,
  ) {}

  start(): void {
    if (!this.stopped) return;
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

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.pass()
        .catch((error: unknown) => this.log.error({ err: error }, 'Order news: a pass failed'))
        .finally(() => {
          clearTimeout(this.timer);
          this.schedule(Math.max(this.timing.pollMs, this.pausedUntil - Date.now()));
        });
    }, ms);
    this.timer.unref();
  }

  /** One pass over the due news, after any pass in progress; public so tests can drive it. */
  pass(): Promise<number> {
    const run = this.chain.then(() => this.passOnce());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async passOnce(): Promise<number> {
    if (this.closing || Date.now() < this.pausedUntil) return 0;
    if (!(await this.leadership.acquire())) return 0;
    const due = await this.db
      .select()
      .from(orderNews)
      .where(and(eq(orderNews.state, 'pending'), lte(orderNews.nextAttemptAt, sql`now()`)))
      .orderBy(asc(orderNews.id))
      .limit(BATCH);
    let sent = 0;
    for (const news of due) {
      if (this.closing) break;
      if (Date.now() - news.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        await this.close(news, 'dead', 'not sent within a day');
        continue;
      }
      try {
        await this.send(news);
      } catch (error) {
        if (!(await this.onFailure(news, error))) break;
        continue;
      }
      await this.close(news, 'sent', null);
      this.failuresInARow = 0;
      sent += 1;
    }
    return sent;
  }

  private send(news: OrderNewsRow) {
    const order = new URL('/order-confirmation', this.publicUrl);
    order.search = new URLSearchParams({ order: news.orderId, tg: '1' }).toString();
    return this.api.sendMessage(news.chatId, newsText(news.event, news.language, news.payload), {
      reply_markup: {
        inline_keyboard: [[{ text: BOT_TEXTS[news.language].openOrder, web_app: { url: order.toString() } }]],
      },
    });
  }

  /** Records a failure; true when the pass may go on to the next message. */
  private async onFailure(news: OrderNewsRow, error: unknown): Promise<boolean> {
    // grammY's messages leave the token out; this makes sure no text stored or logged here carries it.
    const text = (error instanceof Error ? error.message : String(error))
      .split(this.api.token)
      .join('[token]')
      .slice(0, 500);
    const failure = failureOf(error, this.failuresInARow, this.timing);
    if (failure.kind === 'dead') {
      await this.close(news, 'dead', text);
      // A customer who blocked the bot gets no more news until they /start it again.
      if (failure.blocked) {
        await this.db.update(telegramLinks).set({ news: false }).where(eq(telegramLinks.chatId, news.chatId));
      }
      return true;
    }
    if (failure.kind === 'retry') this.failuresInARow += 1;
    await this.db
      .update(orderNews)
      .set({ attempts: news.attempts + 1, lastError: text, nextAttemptAt: new Date(Date.now() + failure.ms) })
      .where(eq(orderNews.id, news.id));
    this.pausedUntil = Date.now() + failure.ms;
    if (this.failuresInARow <= 1)
      this.log.warn(`Order news: Telegram did not take a message (${text}); retrying`);
    return false;
  }

  private async close(news: OrderNewsRow, state: 'sent' | 'dead', error: string | null): Promise<void> {
    await this.db
      .update(orderNews)
      .set({
        state,
        attempts: news.attempts + 1,
        lastError: error,
        ...(state === 'sent' && { sentAt: sql`now()` }),
      })
      .where(eq(orderNews.id, news.id));
    if (state === 'dead')
      this.log.warn(`Order news ${news.id} for order ${news.orderId} given up (${error})`);
  }
}
