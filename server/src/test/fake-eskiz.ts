import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allModeratedTexts } from '../sms/sms-templates.js';

/** Eskiz's words for a text that matches no template moderated in the account's cabinet. */
export const ESKIZ_UNMODERATED = 'Этот смс текст еще не прошёл модерацию';

/** A moderated template as Eskiz matches it: the text exactly, the variable part any digits or link. */
function matcher(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace('\\{code\\}', '\\d{4,8}').replace('\\{link\\}', 'https?://\\S+')}$`);
}

/**
 * A local stand-in for Eskiz's API (`ESKIZ_API_ROOT`): `POST /auth/login` (form email, password) →
 * `{data: {token}}`, `PATCH /auth/refresh` (Bearer) → a new token, `POST /message/sms/send`
 * (Bearer; form mobile_phone, message, from, user_sms_id, callback_url). As a live account does, it
 * refuses (400, its Russian words) any text that matches no moderated template: by default the
 * shop's own, as `npm run sms:templates` prints them for the default SHOP_NAME. Tokens can be
 * expired at will; the server can be down (every connection cut), answer 500, or refuse every text
 * (`unmoderated`: the templates not yet approved). `deliveryReport()` is what Eskiz posts to the
 * message's `callback_url`.
 */
export class FakeEskiz {
  readonly messages: {
    id: string;
    mobilePhone: string;
    message: string;
    from: string;
    userSmsId: string;
    callbackUrl: string;
  }[] = [];
  /** Texts refused as unmoderated, for tests to show none was ever tried. */
  readonly refused: string[] = [];
  readonly calls: string[] = [];
  mode: 'up' | 'down' | 'error' | 'unmoderated' = 'up';
  private readonly moderated: RegExp[];
  /** When false, `auth/refresh` answers 401 and the client must log in again. */
  refreshWorks = true;
  private validTokens = new Set<string>();
  private issued = 0;
  private server: Server | undefined;
  url = '';

  constructor(
    readonly email = 'shop@example.uz',
    readonly password = 'eskiz-secret-password',
    templates: string[] = allModeratedTexts('Mebel Shop').map(({ text }) => text),
  ) {
    this.moderated = templates.map(matcher);
  }

  /**
   * Eskiz's delivery report for a message it took (`DELIVRD`, `UNDELIV`, `REJECTD`, `EXPIRED`): the
   * `callback_url` it was sent with, and the form Eskiz posts there.
   */
  deliveryReport(id: string, status: string): { url: string; form: string } {
    const sms = this.messages.find((message) => message.id === id);
    if (!sms?.callbackUrl) throw new Error(`no callback_url for message ${id}`);
    const form = new URLSearchParams({
      request_id: sms.id,
      message_id: sms.id,
      user_sms_id: sms.userSmsId,
      country: 'UZ',
      phone_number: sms.mobilePhone,
      sms_count: '1',
      status,
      status_date: new Date().toISOString(),
    });
    return { url: sms.callbackUrl, form: form.toString() };
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Every token given so far stops working (Eskiz tokens last 30 days). */
  expireTokens(): void {
    this.validTokens.clear();
  }

  get tokens(): string[] {
    return Array.from({ length: this.issued }, (_, i) => this.tokenName(i + 1));
  }

  private tokenName(n: number) {
    return `eskiz-token-${n}-${'x'.repeat(20)}`;
  }

  private newToken(): string {
    this.issued += 1;
    const token = this.tokenName(this.issued);
    this.validTokens.add(token);
    return token;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.mode === 'down') {
      request.socket.destroy();
      return;
    }
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const form = new URLSearchParams(raw);
    const path = (request.url ?? '').replace(/^\/api/, '');
    this.calls.push(`${request.method} ${path}`);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (this.mode === 'error') return json(500, { message: 'Internal error' });
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (request.method === 'POST' && path === '/auth/login') {
      if (form.get('email') !== this.email || form.get('password') !== this.password)
        return json(401, { message: 'Invalid credentials' });
      return json(200, {
        message: 'token_generated',
        data: { token: this.newToken() },
        token_type: 'bearer',
      });
    }
    if (request.method === 'PATCH' && path === '/auth/refresh') {
      if (!this.refreshWorks || !bearer) return json(401, { message: 'Unauthenticated' });
      return json(200, { message: 'token_refreshed', data: { token: this.newToken() } });
    }
    if (request.method === 'POST' && path === '/message/sms/send') {
      if (!this.validTokens.has(bearer)) return json(401, { message: 'Expired' });
      const text = form.get('message') ?? '';
      if (this.mode === 'unmoderated' || !this.moderated.some((template) => template.test(text))) {
        this.refused.push(text);
        return json(400, { message: ESKIZ_UNMODERATED, status: 'error' });
      }
      const id = `eskiz-${this.messages.length + 1}`;
      this.messages.push({
        id,
        mobilePhone: form.get('mobile_phone') ?? '',
        message: text,
        from: form.get('from') ?? '',
        userSmsId: form.get('user_sms_id') ?? '',
        callbackUrl: form.get('callback_url') ?? '',
      });
      return json(200, {
        id,
        message: 'Waiting for SMS provider',
        status: 'waiting',
      });
    }
    json(404, { message: 'Not found' });
  }
}
