import { z } from 'zod';

/** The Mini App's launch parameters as Telegram hands them to the page (`Telegram.WebApp.initData`). */
export const telegramAuthSchema = z.object({
  initData: z.string().trim().min(1).max(4096),
});
export type TelegramAuthInput = z.infer<typeof telegramAuthSchema>;

/** What the customer hears of in the bot's chat about an order. */
export const ORDER_NEWS_EVENTS = [
  'placed',
  'confirmed',
  'paid',
  'outForDelivery',
  'delivered',
  'cancelled',
] as const;
export type OrderNewsEvent = (typeof ORDER_NEWS_EVENTS)[number];
