import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UzumNasiyaConfig } from '../config/instalment-config.js';

export interface FakeContract {
  contractId: number;
  order: number;
  buyerId: number;
  months: number;
  total: number;
  month: number;
  /** Uzum's contract status: 0 unconfirmed, 1 active, 5 cancelled. */
  status: number;
  codeChecked: boolean;
  /** The partner's own order id, as the contract was asked for (`ext_order_id`). */
  extOrderId: string | undefined;
  /** The goods as the contract was asked for them. */
  products: { name: string; price: number; amount: number }[];
}

/**
 * A local stand-in for Uzum Nasiya's merchant API (OpenAPI v1.0.2): buyer statuses by phone
 * (verified unless told otherwise), tariffs from markups, contracts, the SMS code pair, confirm,
 * cancel and check-status. It can be down (connections cut), silent (never answers: the client's
 * timeout), rate-limiting (HTTP 429, and response_code 6001 on confirm and cancel) or failing (500),
 * and it can refuse a call with its reason (`refusals`), as Uzum answers a business refusal.
 */
export class FakeUzumNasiya {
  readonly token = 'uzum-partner-token-for-tests-0123456789';
  /** Buyer status by 12-digit phone; unknown phones get `defaultStatus`. */
  readonly buyers = new Map<string, number>();
  defaultStatus = 4;
  /** The code every SMS "carries". */
  code = '1234';
  markups: { months: number; markup: number }[] = [
    { months: 6, markup: 26 },
    { months: 12, markup: 44 },
  ];
  mode: 'up' | 'down' | 'silent' | 'rate-limited' | 'error' = 'up';
  /** One path answered 500 once (then as usual): a call lost between two that worked. */
  failOnce: string | undefined;
  /**
   * Paths Uzum refuses with a business reason, as it documents its 400: `{status: "error", error:
   * [{type: "danger", text}], data: []}` (a limit too low, a buyer it will not lend to).
   */
  readonly refusals = new Map<string, string>();
  readonly contracts = new Map<number, FakeContract>();
  readonly calls: string[] = [];
  readonly authorizations = new Set<string>();
  /** Confirms that activated a contract, and confirms of a contract already active (answered 4010). */
  activations = 0;
  repeatedConfirms = 0;
  /** Milliseconds some paths wait before doing their work: a call in flight when the shop dies. */
  readonly delays = new Map<string, number>();
  private buyerIds = new Map<number, string>();
  private server: Server | undefined;
  url = '';

  /** Port 0 (any free one) unless a browser journey's shop was started pointing at a fixed one. */
  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  config(overrides: Partial<UzumNasiyaConfig> = {}): UzumNasiyaConfig {
    return {
      token: this.token,
      apiRoot: this.url,
      terms: [
        { months: 6, markupPercent: 26 },
        { months: 12, markupPercent: 44 },
      ],
      timeoutMs: 500,
      category: 7,
      ...overrides,
    };
  }

  /** The shop's +998… phone as Uzum writes it. */
  setBuyer(phone: string, status: number): void {
    this.buyers.set(phone.replace(/\D/g, ''), status);
  }

  callsTo(path: string): number {
    return this.calls.filter((call) => call === path).length;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.mode === 'down') return void request.socket.destroy();
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const path = request.url ?? '';
    this.calls.push(path);
    if (this.mode === 'silent') return;
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (this.mode === 'error' || this.failOnce === path) {
      this.failOnce = undefined;
      return json(500, { message: 'Server Error' });
    }
    if (this.mode === 'rate-limited') {
      if (path.includes('/contracts/'))
        return json(200, { status: 'error', error: [], data: [], response_code: 6001 });
      return json(429, { message: 'Too Many Attempts.' });
    }
    this.authorizations.add(request.headers.authorization ?? '');
    if (request.headers.authorization !== `Bearer ${this.token}`)
      return json(401, { message: 'Unauthenticated' });
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    const refusal = this.refusals.get(path);
    if (refusal) return json(400, { status: 'error', error: [{ type: 'danger', text: refusal }], data: [] });
    const delay = this.delays.get(path);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const [status, answer] = this.route(path, body);
    json(status, answer);
  }

  private route(path: string, body: Record<string, unknown>): [number, unknown] {
    const ok = (data: unknown, extra: object = {}) =>
      [200, { status: 'success', error: [], data, ...extra }] as [number, unknown];
    const refused = (text: string, extra: object = {}) =>
      [400, { status: 'error', error: [{ type: 'danger', text }], data: [], ...extra }] as [number, unknown];
    switch (path) {
      case '/api/v1/buyers/check-status':
        return ok(this.buyer(String(body.phone)));
      case '/api/v1/orders/calculate':
        return ok(this.tariffs(body.products as { price: number; amount: number }[]));
      case '/api/v1/orders':
        // Uzum documents `ext_order_id` as a string (its example: "ORDER-454").
        if (body.ext_order_id !== undefined && typeof body.ext_order_id !== 'string')
          return refused('The ext order id must be a string.');
        return ok(this.createContract(body));
      case '/v3/buyers/send-code-sms':
        return this.contracts.has(Number(body.contract_id))
          ? ok({ hashed: '$2y$10$hash', is_registered: true })
          : refused('Shartnoma topilmadi');
      case '/v3/buyers/check-code-sms': {
        const contract = this.contracts.get(Number(body.contract_id));
        // A cancelled contract takes no code, right or not.
        if (!contract || contract.status === 5 || body.code !== this.code) return refused('Kod notoʻgʻri');
        contract.codeChecked = true;
        return ok({ contract_id: contract.contractId, message: 'Kod tasdiqlandi' });
      }
      case '/api/v1/contracts/confirm':
        return this.confirm(Number(body.contract_id), ok, refused);
      case '/api/v1/contracts/cancel': {
        const contract = [...this.contracts.values()].find((c) => c.order === Number(body.contract_id));
        if (!contract) return [200, { status: 'error', error: [], data: [], response_code: 4004 }];
        if (contract.status === 5)
          return [200, { status: 'error', error: [], data: [], response_code: 4009 }];
        contract.status = 5;
        return [200, { status: 'success', error: [], data: [], response_code: 0 }];
      }
      case '/api/v1/contracts/check-status': {
        const contract = this.contracts.get(Number(body.contract_id));
        if (!contract) return refused('Shartnoma topilmadi');
        return ok({ id: 1, contract_id: contract.contractId, type: 'mfo', contract_status: contract.status });
      }
      default:
        return [404, { message: 'Not Found' }];
    }
  }

  private buyer(phone: string) {
    const buyerId = 100 + this.buyerIds.size;
    this.buyerIds.set(buyerId, phone);
    return {
      phone,
      has_limit: true,
      status: this.buyers.get(phone) ?? this.defaultStatus,
      buyer_id: buyerId,
      available_periods: [],
      is_in_black_list: false,
      webview: `https://auth.uzumnasiya.test/?phone=${phone}`,
    };
  }

  private tariffs(products: { price: number; amount: number }[]) {
    const origin = products.reduce((sum, p) => sum + p.price * p.amount, 0);
    return this.markups.map(({ months, markup }) => {
      const total = (origin * (100 + markup)) / 100;
      return {
        tariff: `${months} Default`,
        period_months: months,
        total,
        origin,
        month: Math.round((total / months) * 100) / 100,
        is_available: true,
        status: 0,
        deposit: 0,
        balance: 0,
      };
    });
  }

  private createContract(body: Record<string, unknown>) {
    const months = Number(String(body.period).split(' ')[0]);
    const [tariff] = this.tariffs(body.products as { price: number; amount: number }[]).filter(
      (t) => t.period_months === months,
    );
    const contract: FakeContract = {
      contractId: 5000 + this.contracts.size,
      order: 9000 + this.contracts.size,
      buyerId: Number(body.user_id),
      months,
      total: tariff!.total,
      month: tariff!.month,
      status: 0,
      codeChecked: false,
      extOrderId: body.ext_order_id as string | undefined,
      products: body.products as FakeContract['products'],
    };
    this.contracts.set(contract.contractId, contract);
    return {
      paymart_client: {
        fio: 'Aliyeva Nodira',
        phone: this.buyerIds.get(contract.buyerId) ?? '',
        order: contract.order,
        contract_id: contract.contractId,
        created_at: '26.11.2026',
        price_month: contract.month.toFixed(2),
        total: contract.total.toFixed(2),
        available_balance: '10000000.00',
        mini_balance: '0.00',
      },
      cart: [],
      client_act_pdf: 'https://uzumnasiya.test/act.pdf',
      webview_path: 'https://uzumnasiya.test/sign',
    };
  }

  private confirm(
    id: number,
    ok: (data: unknown, extra?: object) => [number, unknown],
    refused: (text: string, extra?: object) => [number, unknown],
  ): [number, unknown] {
    const contract = this.contracts.get(id);
    if (!contract) return refused('Shartnoma topilmadi', { response_code: 4004 });
    if (contract.status === 1) {
      this.repeatedConfirms += 1;
      return refused('Shartnoma allaqachon tasdiqlangan!', { response_code: 4010 });
    }
    if (contract.status !== 0 || !contract.codeChecked)
      return refused('Notoʻgʻri holat', { response_code: 4009 });
    contract.status = 1;
    this.activations += 1;
    return ok({ client_act_pdf: 'https://uzumnasiya.test/act.pdf' }, { response_code: 0 });
  }
}
