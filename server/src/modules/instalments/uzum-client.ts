import type { FastifyBaseLogger } from 'fastify';
import type { UzumNasiyaConfig } from '../../config/instalment-config.js';

/*
 * Uzum Nasiya's merchant API (OpenAPI v1.0.2; field tables in docs/decisions/026-instalments.md).
 * Every call is a POST of JSON with `Authorization: Bearer <token>` and a timeout. The token is
 * never logged: a failure is logged by path and status only.
 */

/** Uzum is down, slow, rate-limiting or refusing the shop's token: nothing is known about the call. */
export class UzumUnavailable extends Error {}

/** Uzum answered and said no (a 4xx with its reason): the buyer is told, not asked to try later. */
export class UzumRefused extends Error {
  constructor(readonly reason: string) {
    super(`Uzum Nasiya refused: ${reason}`);
  }
}

/** `response_code`s of confirm and cancel (Uzum's names). */
export const UZUM_CODE = {
  success: 0,
  technicalError: 1000,
  contractNotFound: 4004,
  incorrectStatus: 4009,
  alreadyActivated: 4010,
  maxRequestLimit: 6001,
} as const;

/** Buyer statuses: 4 may sign; these must finish registering in Uzum's page; the rest are refused. */
export const BUYER_VERIFIED = 4;
export const BUYER_MUST_REGISTER: readonly number[] = [0, 1, 2, 5, 10, 11, 12];

/** Contract statuses of check-status. */
export const CONTRACT_STATUS = { unconfirmed: 0, active: 1, moderation: 2, cancelled: 5, closed: 9 } as const;

export interface UzumBuyer {
  status: number;
  buyerId: number;
  webview: string;
}

export interface UzumTariff {
  tariff: string;
  months: number;
  monthly: number;
  total: number;
  available: boolean;
}

export interface UzumProduct {
  productId: number;
  name: string;
  price: number;
  amount: number;
}

export interface UzumContract {
  contractId: string;
  uzumOrderId: string;
  monthly: number;
  total: number;
}

interface Answer {
  httpStatus: number;
  body: Record<string, unknown>;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** 4xx that say nothing about the buyer: the shop's token, or Uzum limiting the shop's calls. */
const NOT_A_REFUSAL: readonly number[] = [401, 403, 408, 429];

/** The reason a 4xx carries (`error: [{type, text}]` as Uzum documents its 400), if it names one. */
function refusalReason(status: number, body: Record<string, unknown>): string | undefined {
  if (status < 400 || status >= 500 || NOT_A_REFUSAL.includes(status)) return undefined;
  const texts = (Array.isArray(body.error) ? body.error : [])
    .map((entry) => asRecord(entry).text)
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .map((text) => text.trim().slice(0, 300));
  return texts.length > 0 ? texts.join('; ') : undefined;
}

/** Uzum sends money as numbers or as "172000.00": whole so'm, rounded up as the buyer pays it. */
const som = (value: unknown): number => Math.ceil(Number(value ?? 0) - 1e-9);

/** 12 digits, 998XXXXXXXXX, from the shop's +998XXXXXXXXX. */
export const uzumPhone = (phone: string): string => phone.replace(/\D/g, '');

export class UzumNasiyaClient {
  constructor(
    private readonly config: UzumNasiyaConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async checkBuyer(phone: string): Promise<UzumBuyer> {
    const { body } = await this.call('/api/v1/buyers/check-status', { phone: Number(uzumPhone(phone)) });
    const data = asRecord(body.data);
    return {
      status: Number(data.status ?? 0),
      buyerId: Number(data.buyer_id ?? 0),
      webview: typeof data.webview === 'string' ? data.webview : '',
    };
  }

  async calculate(buyerId: number, products: UzumProduct[]): Promise<UzumTariff[]> {
    const { body } = await this.call('/api/v1/orders/calculate', {
      user_id: buyerId,
      products: products.map((p) => ({ product_id: p.productId, price: p.price, amount: p.amount })),
    });
    const tariffs = Array.isArray(body.data) ? body.data.map(asRecord) : [];
    return tariffs.map((t) => ({
      tariff: String(t.tariff ?? ''),
      months: Number(t.period_months ?? 0),
      monthly: som(t.month),
      total: som(t.total),
      available: t.is_available !== false && Number(t.status ?? 0) === 0,
    }));
  }

  /** `extOrderId`: the shop's order id, Uzum's `ext_order_id` (a string, as its API documents it). */
  async createContract(
    buyerId: number,
    tariff: string,
    products: UzumProduct[],
    extOrderId: string,
  ): Promise<UzumContract> {
    const { body } = await this.call('/api/v1/orders', {
      user_id: buyerId,
      period: tariff,
      ext_order_id: extOrderId,
      products: products.map((p) => ({
        product_id: p.productId,
        name: p.name,
        price: p.price,
        amount: p.amount,
        category: this.config.category,
        unit_id: 1,
      })),
    });
    const client = asRecord(asRecord(body.data).paymart_client);
    if (client.contract_id === undefined || client.order === undefined) {
      throw this.unavailable('/api/v1/orders', 200, 'no contract in the answer');
    }
    return {
      contractId: String(client.contract_id),
      uzumOrderId: String(client.order),
      monthly: som(client.price_month),
      total: som(client.total),
    };
  }

  async sendCode(phone: string, contractId: string): Promise<void> {
    await this.call('/v3/buyers/send-code-sms', { phone: uzumPhone(phone), contract_id: Number(contractId) });
  }

  /** True when the code is the one Uzum sent; a wrong code is Uzum's 400 (or `status: error`). */
  async checkCode(phone: string, contractId: string, code: string): Promise<boolean> {
    const answer = await this.call(
      '/v3/buyers/check-code-sms',
      { phone: uzumPhone(phone), contract_id: Number(contractId), code },
      [400],
    );
    return answer.httpStatus === 200 && answer.body.status === 'success';
  }

  /** Uzum's response_code: 0 activated, 4010 already activated, others refused (4009 wrong status…). */
  async confirm(contractId: string): Promise<number> {
    const { body } = await this.call('/api/v1/contracts/confirm', { contract_id: Number(contractId) }, [400]);
    return this.responseCode('/api/v1/contracts/confirm', body);
  }

  /** Cancel takes the contract's `order` id (in the field Uzum names contract_id). */
  async cancel(uzumOrderId: string): Promise<number> {
    const { body } = await this.call('/api/v1/contracts/cancel', { contract_id: Number(uzumOrderId) }, [400]);
    return this.responseCode('/api/v1/contracts/cancel', body);
  }

  async contractStatus(contractId: string): Promise<number> {
    const { body } = await this.call('/api/v1/contracts/check-status', { contract_id: Number(contractId) });
    return Number(asRecord(body.data).contract_status ?? CONTRACT_STATUS.unconfirmed);
  }

  /** Uzum's "try again" codes are unavailability, not an answer. */
  private responseCode(path: string, body: Record<string, unknown>): number {
    const code = Number(body.response_code ?? (body.status === 'success' ? 0 : UZUM_CODE.technicalError));
    if (code === UZUM_CODE.technicalError || code === UZUM_CODE.maxRequestLimit) {
      throw this.unavailable(path, 200, `response_code ${code}`);
    }
    return code;
  }

  /** One call; `answered` lists the non-200 statuses that are Uzum's answer rather than a failure. */
  private async call(path: string, payload: unknown, answered: number[] = []): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${this.config.apiRoot}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.config.token}`,
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      throw this.unavailable(path, 0, (error as Error).name);
    }
    const body = asRecord(await response.json().catch(() => ({})));
    if (response.status === 200 || answered.includes(response.status)) {
      return { httpStatus: response.status, body };
    }
    const reason = refusalReason(response.status, body);
    if (reason !== undefined) {
      this.log.info({ uzumPath: path, uzumStatus: response.status }, 'Uzum Nasiya refused the call');
      throw new UzumRefused(reason);
    }
    throw this.unavailable(path, response.status, 'refused');
  }

  private unavailable(path: string, status: number, what: string): UzumUnavailable {
    this.log.warn({ uzumPath: path, uzumStatus: status, what }, 'Uzum Nasiya call failed');
    return new UzumUnavailable(`Uzum Nasiya ${path}: ${status} ${what}`);
  }
}
