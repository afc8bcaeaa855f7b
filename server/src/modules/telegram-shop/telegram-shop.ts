import type { FastifyInstance } from 'fastify';
import { Api } from 'grammy';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { leadershipFor } from '../../background/leadership.js';
import { CustomerBot } from './customer-bot.js';
import { NewsWorker } from './news-worker.js';
import { TelegramLinks } from './telegram-links.js';
import { UpdatePoller } from './update-poller.js';

export interface TelegramShop {
  links: TelegramLinks;
  /** Present while the bot hears updates (webhook or polling). */
  bot: CustomerBot | undefined;
  /** Present when a bot token is set: news wait in the outbox for it otherwise. */
  news: NewsWorker | undefined;
}

/** The customer side of the bot, its background work started and stopped with the app. */
export function startTelegramShop(app: FastifyInstance, config: Config, database: Database): TelegramShop {
  const settings = config.telegramShop;
  const links = new TelegramLinks(database.db);
  if (!settings.token) return { links, bot: undefined, news: undefined };
  const client = {
    apiRoot: settings.apiRoot,
    timeoutSeconds: Math.ceil(settings.requestTimeoutMs / 1000),
  };
  const news = new NewsWorker(
    database.db,
    new Api(settings.token, client),
    config.publicUrl,
    leadershipFor(database, 'shop:order-news'),
    app.log,
    settings,
  );
  app.addHook('onReady', async () => news.start());
  app.addHook('onClose', () => news.stop());
  const bot =
    settings.updates === 'off'
      ? undefined
      : new CustomerBot(
          links,
          { ...settings, token: settings.token, publicUrl: config.publicUrl, shopName: config.shopName },
          app.log,
        );
  if (bot && settings.updates === 'polling') {
    const poller = new UpdatePoller(bot, leadershipFor(database, 'shop:telegram-updates'), app.log, settings);
    app.addHook('onReady', async () => poller.start());
    app.addHook('onClose', () => poller.stop());
  }
  return { links, bot, news };
}
