import type { PhoneCodePurpose } from '@shop/common';
import type { SmsProvider } from '../modules/phone-codes/sms-providers.js';
import type { TestShop } from './test-app.js';

/** An SMS provider that keeps what it was given, for tests to read codes from. */
export class RecordingSms implements SmsProvider {
  readonly sent: { phone: string; message: string }[] = [];

  async send(phone: string, message: string): Promise<{ providerId?: string }> {
    this.sent.push({ phone, message });
    return {};
  }

  /** The 6 digits of the last message to `phone`, if any. */
  lastCode(phone: string): string | undefined {
    const last = this.sent.filter((sms) => sms.phone === phone).at(-1);
    return last?.message.match(/\b\d{6}\b/)?.[0];
  }
}

/** Asks the shop for a code as a shopper would, lets the outbox send it, and answers its digits. */
export async function codeFor(
  shop: TestShop,
  phoneNumber: string,
  purpose: PhoneCodePurpose,
  /** Checkout's instalment check: an `orders` code for a phone with no order yet. */
  forInstalments?: boolean,
): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/codes',
    payload: { phoneNumber, purpose, forInstalments },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (response.statusCode !== 202)
    throw new Error(`code request answered ${response.statusCode}: ${response.body}`);
  await shop.app.services.sms.pass();
  const code = shop.sms.lastCode(phoneNumber);
  if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
  return code;
}
