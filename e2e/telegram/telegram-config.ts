/** The Telegram suite's shop, and the stand-in Bot API it talks to (started by the journey itself). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
export const TELEGRAM_SHOP_PORT = BASE_PORT + 6;
export const BOT_API_PORT = BASE_PORT + 7;
export const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
export const BOT_TOKEN = '123456:TEST-bot-token-for-the-customer-chat';
