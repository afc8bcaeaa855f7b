import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Eskiz's API (`ESKIZ_API_ROOT`): `POST /auth/login` (form email, password) →
 * `{data: {token}}`, `PATCH /auth/refresh` (Bearer) → a new token, `POST /message/sms/send`
 * (Bearer; form mobile_phone, message, from). Tokens can be expired at will; the server can be
 * down (every connection cut) or answer 500.
 */
export class FakeEskiz {
  readonly messages: { mobilePhone: string; message: string; from: string }[] = [];
  readonly calls: string[] = [];
  mode: 'up' | 'down' | 'error' = 'up';
  /** When false, `auth/refresh` answers 401 and the client must log in again. */
  refreshWorks = true;
  private validTokens = new Set<string>();
  private issued = 0;
  private server: Server | undefined;
  url = '';

  constructor(
    readonly email = 'shop@example.uz',
    readonly password = 'eskiz-secret-password',
  ) {}

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
      this.messages.push({
        mobilePhone: form.get('mobile_phone') ?? '',
        message: form.get('message') ?? '',
        from: form.get('from') ?? '',
      });
      return json(200, {
        id: String(this.messages.length),
        message: 'Waiting for SMS provider',
        status: 'waiting',
      });
    }
    json(404, { message: 'Not found' });
  }
}
