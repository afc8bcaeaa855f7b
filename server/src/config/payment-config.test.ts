import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-payment-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PAYME = { PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb', PAYME_SECRET_KEY: 'k3y' };
const CLICK = { CLICK_SERVICE_ID: '20340', CLICK_MERCHANT_ID: '11234', CLICK_SECRET_KEY: 's3cret' };

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

function refusal(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the environment was accepted');
}

describe('payment configuration', () => {
  it('has no provider, a 720-minute time to pay and a local public address by default', () => {
    const config = load({});
    expect(config.payments).toEqual({ timeoutMinutes: 720, sweepIntervalMs: 60_000 });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('turns a provider on when all its variables are set, with the default checkout pages', () => {
    const config = load({
      ...PAYME,
      ...CLICK,
      PUBLIC_URL: 'https://mebel.uz/',
      PAYMENT_TIMEOUT_MINUTES: '45',
    });
    expect(config.payments).toEqual({
      payme: {
        merchantId: PAYME.PAYME_MERCHANT_ID,
        secretKey: 'k3y',
        checkoutUrl: 'https://checkout.paycom.uz',
      },
      click: {
        serviceId: '20340',
        merchantId: '11234',
        secretKey: 's3cret',
        checkoutUrl: 'https://my.click.uz/services/pay',
        apiRoot: 'https://api.click.uz/v2/merchant',
      },
      timeoutMinutes: 45,
      sweepIntervalMs: 60_000,
    });
    expect(config.publicUrl).toBe('https://mebel.uz');
  });

  it('takes other checkout pages (a test cabinet, a local stand-in)', () => {
    const config = load({
      ...PAYME,
      ...CLICK,
      PAYME_CHECKOUT_URL: 'https://test.paycom.uz',
      CLICK_CHECKOUT_URL: 'http://127.0.0.1:3330/click/pay',
    });
    expect(config.payments.payme?.checkoutUrl).toBe('https://test.paycom.uz');
    expect(config.payments.click?.checkoutUrl).toBe('http://127.0.0.1:3330/click/pay');
  });

  it('treats a variable set to nothing as unset', () => {
    expect(load({ PAYME_MERCHANT_ID: '', PAYME_SECRET_KEY: ' ' }).payments.payme).toBeUndefined();
  });

  it.each([
    [{ PAYME_MERCHANT_ID: PAYME.PAYME_MERCHANT_ID }, 'PAYME_SECRET_KEY'],
    [{ PAYME_SECRET_KEY: 'k3y' }, 'PAYME_MERCHANT_ID'],
    [{ PAYME_SECRET_KEY: 'k3y', PAYME_MERCHANT_ID: '' }, 'PAYME_MERCHANT_ID'],
    [{ CLICK_SERVICE_ID: '1', CLICK_SECRET_KEY: 'x' }, 'CLICK_MERCHANT_ID'],
    [{ CLICK_MERCHANT_ID: '1' }, 'CLICK_SERVICE_ID'],
    [{ ...CLICK, CLICK_SECRET_KEY: '' }, 'CLICK_SECRET_KEY'],
  ])('refuses to start half set up: %j names %s', (env, variable) => {
    const error = refusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^${variable}: `));
  });

  it.each([
    [{ ...PAYME, PAYME_MERCHANT_ID: 'id;with=separators' }, 'PAYME_MERCHANT_ID'],
    [{ ...CLICK, CLICK_SERVICE_ID: 'abc' }, 'CLICK_SERVICE_ID'],
    [{ ...CLICK, CLICK_MERCHANT_ID: '12.5' }, 'CLICK_MERCHANT_ID'],
    [{ PAYME_CHECKOUT_URL: 'ftp://checkout.paycom.uz' }, 'PAYME_CHECKOUT_URL'],
    [{ CLICK_CHECKOUT_URL: 'not a url' }, 'CLICK_CHECKOUT_URL'],
    [{ PAYMENT_TIMEOUT_MINUTES: '0' }, 'PAYMENT_TIMEOUT_MINUTES'],
    [{ PAYMENT_TIMEOUT_MINUTES: '12.5' }, 'PAYMENT_TIMEOUT_MINUTES'],
    [{ PAYMENT_TIMEOUT_MINUTES: 'soon' }, 'PAYMENT_TIMEOUT_MINUTES'],
    [{ PUBLIC_URL: 'mebel.uz' }, 'PUBLIC_URL'],
  ])('refuses a wrong value: %j names %s', (env, variable) => {
    expect(refusal(env).variable).toBe(variable);
  });
});
