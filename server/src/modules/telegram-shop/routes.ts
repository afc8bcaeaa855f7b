import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, telegramAuthSchema } from '@shop/common';
import type { Update } from 'grammy/types';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import { toUserDto, type UserService } from '../users/user-service.js';
import type { TelegramShopSettings } from '../../config/telegram-shop-settings.js';
import type { CustomerBot } from './customer-bot.js';
import { checkInitData } from './init-data.js';
import type { TelegramLinks } from './telegram-links.js';

/** Telegram's update: only its id is needed to accept it; grammY reads the rest. */
const updateSchema = z.looseObject({ update_id: z.number().int() });

/** Both sides hashed to one length first, so the comparison's time says nothing of either. */
export function secretMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export default async function telegramShopRoutes(
  app: FastifyInstance,
  options: {
    settings: TelegramShopSettings;
    shop: { links: TelegramLinks; bot: CustomerBot | undefined };
    users: UserService;
    signInsPerMinute: number;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { settings, shop, users } = options;
  const { links } = shop;
  const botToken = settings.token;
  // The webhook is open only while updates come by webhook.
  const bot = settings.updates === 'webhook' ? shop.bot : undefined;
  const { webhookSecret } = settings;

  routes.post(
    '/auth/telegram',
    {
      schema: {
        summary: "Sign in from inside the shop's Telegram Mini App with its signed launch data",
        description:
          '`initData` is checked as Telegram documents for Mini Apps (HMAC-SHA256 under a key derived ' +
          'from the bot token with "WebAppData", `auth_date` under 24 h old): else 401 ' +
          'TELEGRAM_INIT_DATA_INVALID. 409 TELEGRAM_PHONE_NEEDED: this Telegram account has not shared ' +
          'its phone with the bot yet (the Mini App asks for it, then tries again). 404 TELEGRAM_OFF: ' +
          'the shop has no bot.',
        operationId: 'signInWithTelegram',
        tags: ['auth'],
        security: SECURITY.public,
        body: telegramAuthSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
      config: { rateLimit: { max: options.signInsPerMinute, timeWindow: 60_000 } },
    },
    async (request) => {
      if (!botToken) throw notFound('TELEGRAM_OFF', 'This shop has no Telegram bot');
      const check = checkInitData(request.body.initData, botToken);
      if (!check.ok) {
        throw new AppError(
          401,
          'TELEGRAM_INIT_DATA_INVALID',
          `Telegram launch data refused (${check.reason})`,
        );
      }
      const user = await links.userOf(check.user.id);
      if (!user) {
        throw conflict('TELEGRAM_PHONE_NEEDED', 'Share your phone number with the shop’s bot first');
      }
      await users.recordSignIn(user, true);
      return {
        token: app.signToken({ id: user.id, role: user.role, sessionVersion: user.sessionVersion }),
        user: { ...toUserDto({ ...user, lastActiveAt: new Date() }), name: user.fullName },
      };
    },
  );

  routes.post(
    '/telegram/webhook',
    {
      schema: {
        summary: 'Updates from Telegram for the customer bot (its webhook)',
        description:
          'Telegram sends `X-Telegram-Bot-Api-Secret-Token` = TELEGRAM_WEBHOOK_SECRET (set with setWebhook ' +
          '`secret_token`); any other value is 401. 404 when updates do not come by webhook.',
        operationId: 'telegramWebhook',
        tags: ['telegram'],
        security: [{ telegramSecret: [] }],
        body: updateSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 404) },
      },
      // Before the body is read: a caller without the secret learns nothing, not even a 400.
      onRequest: async (request) => {
        if (!bot || !webhookSecret) throw notFound('NOT_FOUND', 'Updates do not come by webhook here');
        const given = request.headers['x-telegram-bot-api-secret-token'];
        if (!secretMatches(typeof given === 'string' ? given : undefined, webhookSecret)) {
          throw new AppError(401, 'UNAUTHORIZED', 'Wrong webhook secret');
        }
      },
    },
    async (request) => {
      await bot!.handle(request.body as unknown as Update);
      return { ok: true as const };
    },
  );
}
