import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GrammyError, type Api } from 'grammy';
import type { Db } from '../../db/client.js';
import { orderNews, telegramLinks, type OrderNewsRow } from '../../db/schema.js';
import type { Leadership } from '../../background/leadership.js';
import { OutboxWorker, type Delivery } from '../../background/outbox-worker.js';
import type { PollingTiming } from '../../background/polling-worker.js';
import { BOT_TEXTS, newsText } from './bot-texts.js';

/** News not sent a day after the event are stale: given up. */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export type NewsWorkerTiming = PollingTiming;

type Failure =
  { kind: 'wait'; ms: number } | { kind: 'retry' | 'refused' } | { kind: 'dead'; blocked: boolean };

/** What Telegram's refusal means for this message and the ones after it. */
function failureOf(error: unknown): Failure {
  if (!(error instanceof GrammyError)) return { kind: 'retry' };
  if (error.error_code === 429) return { kind: 'wait', ms: (error.parameters.retry_after ?? 5) * 1000 };
  // The token is not a bot's: nothing can leave until it is fixed; the news wait.
  if (error.error_code === 401 || error.error_code === 404) return { kind: 'refused' };
  // 403: the customer blocked the bot. Other 4xx (chat not found…) concern this message alone.
  if (error.error_code >= 400 && error.error_code < 500)
    return { kind: 'dead', blocked: error.error_code === 403 };
  return { kind: 'retry' };
}

/**
 * Sends the order news outbox, oldest first, from one process at a time
 * (background/outbox-worker.ts). A message is marked sent after Telegram took it, and `stop` lets
 * the message in hand finish first, so a restart neither loses nor repeats one; only a crash
 * between Telegram's answer and the mark can repeat that one message.
 */
export class NewsWorker extends OutboxWorker<OrderNewsRow> {
  constructor(
    db: Db,
    private readonly api: Api,
    private readonly publicUrl: string,
    leadership: Leadership,
    log: FastifyBaseLogger,
    timing: NewsWorkerTiming,
  ) {
    super('Order news', db, orderNews, ['pending'], leadership, log, timing);
  }

  protected async deliver(news: OrderNewsRow): Promise<Delivery> {
    if (Date.now() - news.createdAt.getTime() > GIVE_UP_AFTER_MS) {
      await this.close(news, 'dead', 'not sent within a day');
      return 'next';
    }
    try {
      await this.send(news);
    } catch (error) {
      return (await this.onFailure(news, error)) ? 'next' : 'stop';
    }
    await this.close(news, 'sent', null);
    this.failuresInARow = 0;
    return 'sent';
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
    const failure = failureOf(error);
    if (failure.kind === 'dead') {
      await this.close(news, 'dead', text);
      // A customer who blocked the bot gets no more news until they /start it again.
      if (failure.blocked) {
        await this.db.update(telegramLinks).set({ news: false }).where(eq(telegramLinks.chatId, news.chatId));
      }
      return true;
    }
    const wait =
      failure.kind === 'wait'
        ? failure.ms
        : failure.kind === 'retry'
          ? this.backOff()
          : this.timing.maxBackoffMs;
    await this.db
      .update(orderNews)
      .set({ attempts: news.attempts + 1, lastError: text, nextAttemptAt: new Date(Date.now() + wait) })
      .where(eq(orderNews.id, news.id));
    this.pauseFor(wait);
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
