import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors.js';

/** The cookie `mode=checkauth` hands 1C, which it sends back on every later call of the exchange. */
export const SESSION_COOKIE = 'onec_session';
/** An exchange of a large catalogue with its pictures takes hours at worst; a session lasts a day. */
const SESSION_MS = 24 * 3_600_000;

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** 1C's credentials (ONEC_USER, ONEC_PASSWORD) and the key that signs its session cookies. */
export class ExchangeAuth {
  constructor(
    private readonly user: string,
    private readonly password: string,
    private readonly key: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** A cookie value: its end, signed. */
  newSession(): string {
    const until = String(this.now() + SESSION_MS);
    return `${until}.${this.sign(until)}`;
  }

  /** Basic auth with ONEC_USER and ONEC_PASSWORD, or a session cookie still valid; else 401. */
  check(request: FastifyRequest, basicOnly = false): void {
    if (this.basicIsRight(request.headers.authorization)) return;
    if (!basicOnly && this.cookieIsRight(request.headers.cookie)) return;
    throw new AppError(
      401,
      'UNAUTHORIZED',
      '1C must sign in with the exchange user and password (HTTP Basic)',
    );
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(`onec-session:${this.user}:${text}`).digest('base64url');
  }

  private basicIsRight(header: string | undefined): boolean {
    const match = /^Basic\s+([A-Za-z0-9+/=]{1,1000})$/i.exec(header ?? '');
    if (!match) return false;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    // Both compared whatever the first gives, so the time taken tells nothing.
    const user = sameText(decoded.slice(0, colon), this.user);
    const password = sameText(decoded.slice(colon + 1), this.password);
    return user && password;
  }

  private cookieIsRight(header: string | undefined): boolean {
    const value = (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
      ?.slice(SESSION_COOKIE.length + 1);
    const [until, signature] = (value ?? '').split('.');
    if (!until || !signature || !/^\d{1,15}$/.test(until)) return false;
    return sameText(signature, this.sign(until)) && Number(until) > this.now();
  }
}
