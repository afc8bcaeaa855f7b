import type { FastifyBaseLogger } from 'fastify';
import type { SmsSettings } from '../../config/sms-settings.js';

/** The kinds of refusal /metrics counts; `refused` is any other the provider gives. */
export type SmsFailure = 'moderation' | 'balance' | 'number' | 'refused' | 'expired' | 'undelivered';

/**
 * Why a message did not leave: `retry` (the provider is away) or `dead` (it refused this message,
 * `reason` in its words).
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly kind: 'retry' | 'dead',
    readonly reason: string = message,
    readonly failure: SmsFailure = 'refused',
  ) {
    super(message);
  }
}

/** Eskiz's refusal, read from its words (it answers 400 with a `message` for each). */
export function failureOf(reason: string): SmsFailure {
  if (/модерац|moderat/i.test(reason)) return 'moderation';
  if (/баланс|средств|balance|limit/i.test(reason)) return 'balance';
  if (/номер|phone|number|mobile/i.test(reason)) return 'number';
  return 'refused';
}

export interface SmsProvider {
  /**
   * `phone` as the shop stores it (+998XXXXXXXXX), `ref` the outbox row's id; resolves once the
   * provider took the message, with the provider's id for it when it gives one.
   */
  send(phone: string, message: string, ref: number): Promise<{ providerId?: string }>;
}

/** `SMS_PROVIDER=log`: the message goes to the server log, so a newcomer can try the shop without Eskiz. */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, message: string): Promise<{ providerId?: string }> {
    // At warn, so a shop run with LOG_LEVEL=warn still shows the codes it is being tried with.
    this.log.warn(
      { sms: { to: phone, text: message } },
      'SMS not sent (SMS_PROVIDER=log): written here instead',
    );
    return {};
  }
}

type EskizSettings = Extract<SmsSettings, { provider: 'eskiz' }>;

const REFUSED_WITHOUT_WORDS = 'Eskiz refused the message without a reason';

/**
 * Eskiz (notify.eskiz.uz): a bearer token from `auth/login`, kept until Eskiz answers 401; then it
 * is renewed once (`auth/refresh`, else a new login) and the message sent again. Errors name the
 * status and the path only: the password and the token never reach a message or the log.
 */
export class EskizSmsProvider implements SmsProvider {
  private token: string | undefined;

  constructor(
    private readonly settings: EskizSettings,
    private readonly timeoutMs: number,
    /** Where Eskiz posts delivery reports (`callback_url`); none when SMS_CALLBACK_SECRET is unset. */
    private readonly callbackUrl?: string,
  ) {}

  async send(phone: string, message: string, ref: number): Promise<{ providerId?: string }> {
    this.token ??= await this.login();
    let response = await this.sendWith(this.token, phone, message, ref);
    if (response.status === 401) {
      this.token = (await this.refresh(this.token)) ?? (await this.login());
      response = await this.sendWith(this.token, phone, message, ref);
    }
    const body = (await response.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
    if (!response.ok) {
      const error = this.failure(response.status, 'message/sms/send');
      if (error.kind === 'retry') throw error;
      const reason = typeof body?.message === 'string' && body.message ? body.message : REFUSED_WITHOUT_WORDS;
      throw new SmsSendError(error.message, 'dead', reason, failureOf(reason));
    }
    return { providerId: body?.id === undefined || body.id === null ? undefined : String(body.id) };
  }

  private failure(status: number, path: string): SmsSendError {
    // 4xx but 401/429 is about this message (a bad number, text refused): sending again fails alike.
    const dead = status >= 400 && status < 500 && status !== 401 && status !== 429;
    return new SmsSendError(`Eskiz answered ${status} to ${path}`, dead ? 'dead' : 'retry');
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.settings.apiRoot}/${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new SmsSendError(`Eskiz did not answer ${path} (${reason})`, 'retry');
    }
  }

  private sendWith(token: string, phone: string, message: string, ref: number): Promise<Response> {
    return this.call('message/sms/send', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new URLSearchParams({
        mobile_phone: phone.replace(/^\+/, ''),
        message,
        from: this.settings.from,
        user_sms_id: String(ref),
        ...(this.callbackUrl && { callback_url: this.callbackUrl }),
      }),
    });
  }

  private async tokenOf(response: Response, path: string): Promise<string> {
    if (!response.ok) throw this.failure(response.status === 401 ? 503 : response.status, path);
    const body = (await response.json().catch(() => null)) as { data?: { token?: unknown } } | null;
    const token = body?.data?.token;
    if (typeof token !== 'string' || !token)
      throw new SmsSendError(`Eskiz gave no token on ${path}`, 'retry');
    return token;
  }

  private async login(): Promise<string> {
    const response = await this.call('auth/login', {
      method: 'POST',
      body: new URLSearchParams({ email: this.settings.email, password: this.settings.password }),
    });
    return this.tokenOf(response, 'auth/login');
  }

  /** A renewed token, or undefined when Eskiz will not renew this one (then the caller logs in). */
  private async refresh(token: string): Promise<string | undefined> {
    const response = await this.call('auth/refresh', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) return undefined;
    return this.tokenOf(response, 'auth/refresh').catch(() => undefined);
  }
}
