import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor } from '../../test/sms.js';
import { buildTestShop, createUser, type TestShop, type TestUser } from '../../test/test-app.js';

/** The shop's time, moved by the tests in 30-second steps. */
const clock = { at: Date.parse('2026-11-29T10:00:00Z'), now: () => new Date(clock.at) };
const STEP = 30_000;

let shop: TestShop;
let addressCounter = 0;
const freshAddress = () => `10.8.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

beforeAll(async () => {
  shop = await buildTestShop({ clock });
});
afterAll(() => shop.close());

/** What an authenticator app shows for `secret` at the shop's current time. */
const appCode = (secret: string, at = clock.at) =>
  TOTP.generate({ secret: fromBase32(secret), timestamp: at });
const fromBase32 = (secret: string) => new TOTP({ secret }).secret;

function login(user: TestUser, code?: string, remoteAddress = freshAddress()) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phoneNumber: user.phoneNumber, password: user.password, ...(code !== undefined && { code }) },
    remoteAddress,
  });
}

const call = (user: TestUser, url: string, payload?: object) =>
  shop.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: user.headers,
    ...(payload && { payload }),
  });

/** Turns two-factor sign-in on for `user`; answers the secret and the recovery codes. */
async function setUp(user: TestUser) {
  const started = await call(user, '/api/users/me/2fa', {});
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json();
  const confirmed = await call(user, '/api/users/me/2fa/confirm', { code: appCode(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

describe('staff two-factor sign-in (TOTP, RFC 6238)', () => {
  it('answers a secret and an otpauth address with SHA-1, 6 digits, 30 s', async () => {
    const admin = await createUser(shop, 'admin');
    const response = await call(admin, '/api/users/me/2fa', {});
    expect(response.statusCode).toBe(200);
    const { secret, otpauthUrl } = response.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      issuer: 'Mebel Shop',
    });
    // Not in force until confirmed.
    expect((await login(admin)).statusCode).toBe(200);
  });

  it('confirms only with a code of the secret, then answers 10 different recovery codes once', async () => {
    const manager = await createUser(shop, 'manager');
    const { secret } = (await call(manager, '/api/users/me/2fa', {})).json();
    const wrong = await call(manager, '/api/users/me/2fa/confirm', {
      code: appCode(secret, clock.at - 5 * STEP),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('SECOND_FACTOR_INVALID');
    const confirmed = await call(manager, '/api/users/me/2fa/confirm', { code: appCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const again = await call(manager, '/api/users/me/2fa/confirm', { code: appCode(secret) });
    expect(again.json().code).toBe('SECOND_FACTOR_ALREADY_ON');
    // A stolen session cannot swap the factor for its own.
    expect((await call(manager, '/api/users/me/2fa', {})).json().code).toBe('SECOND_FACTOR_ALREADY_ON');
    expect((await call(manager, '/api/users/me/2fa')).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
  });

  it('asks for the code until the right one comes with the password; a code signs in once', async () => {
    const admin = await createUser(shop, 'admin');
    const { secret } = await setUp(admin);
    clock.at += STEP;
    const withoutCode = await login(admin);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await login(admin, '')).json().code).toBe('SECOND_FACTOR_REQUIRED');
    const wrongCode = await login(admin, appCode(secret, clock.at + 10 * STEP));
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().code).toBe('SECOND_FACTOR_REQUIRED');
    const badPassword = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: admin.phoneNumber, password: 'not-the-password', code: appCode(secret) },
      remoteAddress: freshAddress(),
    });
    expect(badPassword.json().code).toBe('INVALID_CREDENTIALS');
    const code = appCode(secret);
    const signedIn = await login(admin, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    // The same code again (seen over a shoulder) is spent.
    expect((await login(admin, code)).statusCode).toBe(401);
    // A phone 30 s behind still signs in, with the next step's code... and not with an older one.
    clock.at += STEP;
    expect((await login(admin, appCode(secret, clock.at - STEP))).statusCode).toBe(401);
    expect((await login(admin, appCode(secret, clock.at + STEP))).statusCode).toBe(200);
    clock.at += 3 * STEP;
    expect((await login(admin, appCode(secret, clock.at - 3 * STEP))).statusCode).toBe(401);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const ceo = await createUser(shop, 'ceo');
    const { recoveryCodes } = await setUp(ceo);
    const [first, second] = recoveryCodes as [string, string];
    expect((await login(ceo, first)).statusCode).toBe(200);
    expect((await login(ceo, first)).statusCode).toBe(401);
    expect((await login(ceo, second.replace('-', '').toUpperCase())).statusCode).toBe(200);
    expect((await call(ceo, '/api/users/me/2fa')).json().recoveryCodesLeft).toBe(8);
  });

  it('counts wrong codes toward the sign-in throttle, so codes cannot be guessed', async () => {
    const admin = await createUser(shop, 'admin');
    const { secret } = await setUp(admin);
    clock.at += STEP;
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const guess = String(100000 + i);
      expect((await login(admin, guess, address)).statusCode).toBe(401);
    }
    const locked = await login(admin, appCode(secret), address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
  });

  it('asking for the code is not a failure: the right password alone never locks the owner out', async () => {
    const admin = await createUser(shop, 'admin');
    const { secret } = await setUp(admin);
    clock.at += STEP;
    const address = freshAddress();
    for (let i = 0; i < 6; i += 1) expect((await login(admin, undefined, address)).statusCode).toBe(401);
    expect((await login(admin, appCode(secret), address)).statusCode).toBe(200);
  });

  it('is for staff accounts only', async () => {
    const customer = await createUser(shop, 'customer');
    expect((await call(customer, '/api/users/me/2fa', {})).statusCode).toBe(403);
  });
});

describe('STAFF_2FA=required', () => {
  let strict: TestShop;
  beforeAll(async () => {
    strict = await buildTestShop({ clock, staffSecondFactorRequired: true });
  });
  afterAll(() => strict.close());

  it('refuses the staff calls of an admin or ceo without a second factor until they set it up', async () => {
    const admin = await createUser(strict, 'admin');
    const ceo = await createUser(strict, 'ceo');
    const manager = await createUser(strict, 'manager');
    const orders = (user: TestUser) =>
      strict.app.inject({ method: 'GET', url: '/api/orders?limit=1', headers: user.headers });
    for (const user of [admin, ceo]) {
      const refused = await orders(user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    }
    expect((await orders(manager)).statusCode).toBe(200);
    const status = await strict.app.inject({
      method: 'GET',
      url: '/api/users/me/2fa',
      headers: admin.headers,
    });
    expect(status.json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    const started = await strict.app.inject({
      method: 'POST',
      url: '/api/users/me/2fa',
      headers: admin.headers,
      payload: {},
    });
    const confirmed = await strict.app.inject({
      method: 'POST',
      url: '/api/users/me/2fa/confirm',
      headers: admin.headers,
      payload: { code: appCode(started.json().secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await orders(admin)).statusCode).toBe(200);
  });
});

describe('a password reset by SMS code', () => {
  it("clears the phone's sign-in throttle", async () => {
    const customer = await createUser(shop, 'customer');
    const address = freshAddress();
    const wrong = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber: customer.phoneNumber, password: 'wrong-guess' },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i += 1) await wrong();
    expect((await wrong()).statusCode).toBe(429);
    const reset = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: {
        phoneNumber: customer.phoneNumber,
        code: await codeFor(shop, customer.phoneNumber, 'reset'),
        password: 'new-secret',
      },
      remoteAddress: address,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: customer.phoneNumber, password: 'new-secret' },
      remoteAddress: address,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });
});
