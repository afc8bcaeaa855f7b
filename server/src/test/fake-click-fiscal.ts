import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One line of a `submit_items` body, as far as the stand-in checks it. */
export interface ClickItem {
  Name: string;
  SPIC: string;
  Price: number;
  Discount?: number;
  CommissionInfo?: { TIN?: string };
}

/**
 * A local stand-in for Click's Merchant API (`CLICK_API_ROOT`): `POST /payment/ofd_data/submit_items`,
 * `GET /payment/ofd_data/{service_id}/{payment_id}` → `{paymentId, qrCodeURL}` once submitted, and
 * `DELETE /payment/reversal/{service_id}/{payment_id}` → `{error_code: 0, payment_id}` (-5017 when
 * that payment was already given back).
 * Every call must carry `Auth: merchant_user_id:sha1(timestamp + secret):timestamp`. The server can
 * be down (connections cut), answer 503, or take a submit and cut the answer (`loseAnswers`). It refuses
 * a receipt as Click does, `{error_code: -1, error_note}` with HTTP 200 (the code is the stand-in's):
 * a `Name` over 63 characters, no `CommissionInfo.TIN`, an MXIK code in `unknownSpics`, or items
 * whose Σ(Price − Discount) is not `received_card`.
 */
export class FakeClickFiscal {
  /** Each `submit_items` body Click took, in order. */
  readonly submitted: { payment_id: number; items: ClickItem[]; received_card: number }[] = [];
  readonly calls: string[] = [];
  /** The payment ids given back, each once. */
  readonly reversed: string[] = [];
  /** Each `submit_items` body Click refused (`error_code` ≠ 0 with its `error_note`). */
  readonly refused: { payment_id: number; items: ClickItem[] }[] = [];
  /** MXIK codes the tax office's catalogue does not know: a receipt carrying one is refused. */
  readonly unknownSpics = new Set<string>();
  mode: 'up' | 'down' | 'error' = 'up';
  /** The next this many submits are taken, but their answers never arrive. */
  loseAnswers = 0;
  private server: Server | undefined;
  url = '';

  constructor(
    readonly merchantUserId: string,
    readonly secretKey: string,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2/merchant`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  static receiptUrl(paymentId: number | string): string {
    return `https://ofd.soliq.uz/check?t=EP000000000025&r=${paymentId}&c=20260501100000&s=800031554082`;
  }

  /** Why Click refuses a receipt, as its answer's `error_note` says it; null when it takes it. */
  private refusalOf(body: { items?: ClickItem[]; received_card?: number }): string | null {
    const items = body.items ?? [];
    for (const item of items) {
      if (Array.from(item.Name ?? '').length > 63) return `Name is longer than 63 characters: ${item.Name}`;
      if (!/^\d{9}$/.test(item.CommissionInfo?.TIN ?? '')) return 'CommissionInfo.TIN is required';
      if (this.unknownSpics.has(item.SPIC)) return `SPIC ${item.SPIC} not found in the MXIK catalogue`;
    }
    const paid = items.reduce((sum, item) => sum + item.Price - (item.Discount ?? 0), 0);
    if (items.length === 0 || paid !== body.received_card)
      return 'Items do not add up to the amount received';
    return null;
  }

  private authorized(header: string | undefined): boolean {
    const [user, digest, timestamp] = (header ?? '').split(':');
    const expected = createHash('sha1').update(`${timestamp}${this.secretKey}`).digest('hex');
    return user === this.merchantUserId && digest === expected && /^\d+$/.test(timestamp ?? '');
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.calls.push(`${request.method} ${request.url}`);
    if (this.mode === 'down') return void request.socket.destroy();
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (this.mode === 'error') return send(503, { error_code: -1, error_note: 'Service unavailable' });
    if (!this.authorized(request.headers.auth as string | undefined)) {
      return send(401, { error_code: -1, error_note: 'Unauthorized' });
    }
    const path = request.url ?? '';
    if (request.method === 'POST' && path === '/v2/merchant/payment/ofd_data/submit_items') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const refusal = this.refusalOf(body);
      if (refusal) {
        this.refused.push(body);
        return send(200, { error_code: -1, error_note: refusal });
      }
      this.submitted.push(body);
      if (this.loseAnswers > 0) {
        this.loseAnswers -= 1;
        return void request.socket.destroy();
      }
      return send(200, { error_code: 0, error_note: 'Успешно' });
    }
    const reversal = /^\/v2\/merchant\/payment\/reversal\/(\d+)\/(\d+)$/.exec(path);
    if (request.method === 'DELETE' && reversal) {
      const paymentId = reversal[2]!;
      if (this.reversed.includes(paymentId)) {
        return send(200, { error_code: -5017, error_note: 'Payment already reversed' });
      }
      this.reversed.push(paymentId);
      return send(200, { error_code: 0, error_note: 'Success', payment_id: Number(paymentId) });
    }
    const read = /^\/v2\/merchant\/payment\/ofd_data\/(\d+)\/(\d+)$/.exec(path);
    if (request.method === 'GET' && read) {
      const paymentId = Number(read[2]);
      const known = this.submitted.some((body) => body.payment_id === paymentId);
      return send(
        200,
        known ? { paymentId, qrCodeURL: FakeClickFiscal.receiptUrl(paymentId) } : { paymentId },
      );
    }
    send(404, { error_code: -1, error_note: 'Not found' });
  }
}
