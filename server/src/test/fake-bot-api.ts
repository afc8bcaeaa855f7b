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
}

/**
 * A local HTTP server that answers `POST /bot<token>/sendMessage` as the Telegram Bot API does
 * (`{ok: true, result}` or `{ok: false, error_code, description, parameters}`), for
 * `TELEGRAM_API_ROOT`. Answers can be switched: up, down (connections cut), or a status such as
 * 429 with `retry_after`, 502, 401 (a token Telegram refuses) or 400 "chat not found".
 */
export class FakeBotApi {
  readonly messages: SentMessage[] = [];
  calls = 0;
  private mode: BotApiMode = { kind: 'ok' };
  /** Answers to give before falling back to `mode`, one per call. */
  private queued: BotApiMode[] = [];
  private server: Server | undefined;
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

  async stop(): Promise<void> {
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
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url ?? '');
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
    const message = {
      token: decodeURIComponent(match[1]!),
      chatId: String(body.chat_id),
      text: String(body.text),
      parseMode: body.parse_mode as string | undefined,
    };
    this.messages.push(message);
    reply(200, {
      ok: true,
      result: { message_id: this.messages.length, date: Math.floor(Date.now() / 1000), text: message.text },
    });
  }
}
