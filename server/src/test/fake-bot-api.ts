import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake Bot API answers the next sendMessage calls. */
export type BotApiMode =
  | { kind: 'ok' }
  /** Telegram unreachable: every connection is cut. */
  | { kind: 'down' }
  | { kind: 'status'; status: number; description: string; retryAfter?: number };

export interface SentMessage {
  token: string;
  chatId: string;
  text: string;
  parseMode?: string;
  /** The keyboard sent with it (inline buttons, a reply keyboard, or its removal). */
  replyMarkup?: Record<string, unknown>;
}

/** The bot the fake answers `getMe` with. */
export const FAKE_BOT_INFO = {
  id: 123456,
  is_bot: true,
  first_name: 'Mebel Shop',
  username: 'mebel_shop_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
};

/**
 * A local HTTP server that answers `POST /bot<token>/<method>` as the Telegram Bot API does
 * (`{ok: true, result}` or `{ok: false, error_code, description, parameters}`), for
 * `TELEGRAM_API_ROOT`: sendMessage (recorded), getMe, deleteWebhook, and getUpdates from the
 * updates a test queues with `pushUpdate`. Answers can be switched: up, down (connections cut), or
 * a status such as 429 with `retry_after`, 502, 401 (a token Telegram refuses) or 400 "chat not found".
 */
export class FakeBotApi {
  readonly messages: SentMessage[] = [];
  calls = 0;
  private mode: BotApiMode = { kind: 'ok' };
  /** Answers to give before falling back to `mode`, one per call. */
  private queued: BotApiMode[] = [];
  private server: Server | undefined;
  /** Updates waiting for a getUpdates call, and long polls waiting for an update. */
  private updates: Record<string, unknown>[] = [];
  private nextUpdateId = 1;
  private waiting: (() => void)[] = [];
  /** How long each sendMessage takes to answer (to stop a worker in the middle of a pass). */
  sendDelayMs = 0;
  url = '';

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  setMode(mode: BotApiMode): void {
    this.mode = mode;
  }

  /** The next calls get these answers, in order; then `mode` again. */
  queue(...modes: BotApiMode[]): void {
    this.queued.push(...modes);
  }

  /** An update for the bot (`update_id` is filled in), handed out by the next getUpdates. */
  pushUpdate(update: Record<string, unknown>): void {
    this.updates.push({ update_id: this.nextUpdateId++, ...update });
    for (const wake of this.waiting.splice(0)) wake();
  }

  async stop(): Promise<void> {
    for (const wake of this.waiting.splice(0)) wake();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.calls += 1;
    const mode = this.queued.shift() ?? this.mode;
    if (mode.kind === 'down') {
      request.socket.destroy();
      return;
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!match) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (mode.kind === 'status') {
      return reply(mode.status, {
        ok: false,
        error_code: mode.status,
        description: mode.description,
        ...(mode.retryAfter !== undefined && { parameters: { retry_after: mode.retryAfter } }),
      });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const method = match[2]!;
    if (method === 'getMe') return reply(200, { ok: true, result: FAKE_BOT_INFO });
    if (method === 'deleteWebhook') return reply(200, { ok: true, result: true });
    if (method === 'getUpdates') return reply(200, { ok: true, result: await this.takeUpdates(body) });
    if (method !== 'sendMessage') return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (this.sendDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.sendDelayMs));
    const message = {
      token: decodeURIComponent(match[1]!),
      chatId: String(body.chat_id),
      text: String(body.text),
      parseMode: body.parse_mode as string | undefined,
      replyMarkup: body.reply_markup as Record<string, unknown> | undefined,
    };
    this.messages.push(message);
    reply(200, {
      ok: true,
      result: { message_id: this.messages.length, date: Math.floor(Date.now() / 1000), text: message.text },
    });
  }

  /** getUpdates: what is queued from `offset` on (earlier ones are confirmed), waiting up to `timeout` s. */
  private async takeUpdates(body: Record<string, unknown>): Promise<unknown[]> {
    const offset = typeof body.offset === 'number' ? body.offset : 0;
    this.updates = this.updates.filter((update) => (update.update_id as number) >= offset);
    const timeout = typeof body.timeout === 'number' ? body.timeout : 0;
    if (this.updates.length === 0 && timeout > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeout * 1000);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.updates.slice(0, 100);
  }
}
