import { formatSom, normalizePhone, orderNumber } from '@shop/common';
import type { FastifyBaseLogger } from 'fastify';
import { Bot, InlineKeyboard, Keyboard, type Context } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import { BOT_TEXTS, languageOf, orderStateText } from './bot-texts.js';
import type { TelegramLinks } from './telegram-links.js';

export interface CustomerBotOptions {
  token: string;
  apiRoot: string;
  requestTimeoutMs: number;
  publicUrl: string;
  shopName: string;
}

/**
 * What grammY would ask getMe for, known without the call: the bot's id is the token's first part,
 * and its username only tells `/start@name` commands apart in groups, which this bot does not serve.
 * So an update is handled even while Telegram's API is out of reach.
 */
function botInfoOf(token: string, shopName: string): UserFromGetMe {
  return {
    id: Number(token.split(':')[0]) || 0,
    is_bot: true,
    first_name: shopName,
    username: '',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: true,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

const textsOf = (ctx: Context) => BOT_TEXTS[languageOf(ctx.from?.language_code)];

/**
 * The bot's customer side: `/start` opens the shop as a Mini App and asks for the phone,
 * a shared contact ties the chat to the shop account of that phone, `/orders` lists the latest
 * orders, `/stop` and `/start` turn order news off and on. Private chats only.
 */
export class CustomerBot {
  readonly bot: Bot;

  constructor(
    private readonly links: TelegramLinks,
    private readonly options: CustomerBotOptions,
    log: FastifyBaseLogger,
  ) {
    this.bot = new Bot(options.token, {
      botInfo: botInfoOf(options.token, options.shopName),
      client: { apiRoot: options.apiRoot, timeoutSeconds: Math.ceil(options.requestTimeoutMs / 1000) },
    });
    const chats = this.bot.chatType('private');
    chats.command('start', (ctx) => this.start(ctx));
    chats.command('stop', (ctx) => this.stop(ctx));
    chats.command('orders', (ctx) => this.orders(ctx));
    chats.on('message:contact', (ctx) => this.contact(ctx));
    // An update that fails (Telegram away while answering) is logged; Telegram is told it arrived.
    this.bot.catch((error) => log.warn({ err: error.error }, 'Customer bot: an update failed'));
  }

  /** Handles one update from the webhook or from long polling. */
  async handle(update: Update): Promise<void> {
    await this.bot.handleUpdate(update);
  }

  private shopButton(ctx: Context): InlineKeyboard {
    const url = new URL('/', this.options.publicUrl);
    url.searchParams.set('tg', '1');
    return new InlineKeyboard().webApp(textsOf(ctx).openShop, url.toString());
  }

  private async start(ctx: Context): Promise<void> {
    const texts = textsOf(ctx);
    const linked = await this.links.setNews(ctx.from!.id, true, languageOf(ctx.from?.language_code));
    await ctx.reply(texts.greeting(this.options.shopName), { reply_markup: this.shopButton(ctx) });
    if (linked) await ctx.reply(texts.newsOn);
    else await this.askPhone(ctx);
  }

  private askPhone(ctx: Context) {
    const texts = textsOf(ctx);
    return ctx.reply(texts.askPhone, {
      reply_markup: new Keyboard().requestContact(texts.sharePhone).resized().oneTime(),
    });
  }

  private async stop(ctx: Context): Promise<void> {
    const texts = textsOf(ctx);
    const linked = await this.links.setNews(ctx.from!.id, false, languageOf(ctx.from?.language_code));
    if (linked) await ctx.reply(texts.newsOff);
    else await this.askPhone(ctx);
  }

  private async orders(ctx: Context): Promise<void> {
    const language = languageOf(ctx.from?.language_code);
    const texts = BOT_TEXTS[language];
    const user = await this.links.userOf(ctx.from!.id);
    if (!user) return void (await this.askPhone(ctx));
    const rows = await this.links.recentOrders(user);
    if (rows.length === 0) {
      await ctx.reply(texts.noOrders, { reply_markup: this.shopButton(ctx) });
      return;
    }
    const lines = rows.map(
      (order) =>
        `${orderNumber(order.id)} · ${formatSom(order.total, language)} · ${orderStateText(order, language)}`,
    );
    await ctx.reply([texts.ordersTitle, ...lines].join('\n'), { reply_markup: this.shopButton(ctx) });
  }

  private async contact(ctx: Context): Promise<void> {
    const texts = textsOf(ctx);
    const contact = ctx.message!.contact!;
    const from = ctx.from!;
    // Only the sender's own contact proves a phone: anyone can forward someone else's card.
    if (contact.user_id !== from.id) return void (await ctx.reply(texts.notOwnContact));
    const phone = normalizePhone(contact.phone_number);
    if (!phone) return void (await ctx.reply(texts.notUzbekPhone));
    const outcome = await this.links.link({
      telegramUserId: from.id,
      chatId: ctx.chat!.id,
      phone,
      fullName: [from.first_name, from.last_name].filter(Boolean).join(' ').slice(0, 100) || phone,
      language: languageOf(from.language_code),
    });
    if (outcome.kind === 'staff')
      return void (await ctx.reply(texts.staffPhone, { reply_markup: { remove_keyboard: true } }));
    await ctx.reply(texts.linked(phone), { reply_markup: { remove_keyboard: true } });
    await ctx.reply(texts.greeting(this.options.shopName), { reply_markup: this.shopButton(ctx) });
  }
}
