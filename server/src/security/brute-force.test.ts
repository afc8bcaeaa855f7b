import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../config/config.js';
import { recordFigure } from '../test/reliability-figures.js';
import { buildTestShop, createUser, uniquePhone, type TestShop } from '../test/test-app.js';

// The limits a real shop runs with, so the figure is the one customers get.
const LIMITS = DEFAULT_RATE_LIMITS;

let shop: TestShop;
let addressCounter = 0;
/** Every throttle counts per client address: each attacker gets an address of their own. */
const freshAddress = () => `10.7.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** What each throttle let through before its first 429, filled in only once its test passed. */
const measured: { perPhone?: number; perAddress?: number; lookups?: number; signUps?: number; burst?: true } =
  {};

beforeAll(async () => {
  // The throttles per address are measured here; a code is asked for only where it is the subject.
  shop = await buildTestShop({ phoneCodes: { verifySignUp: false, orderLookupOpen: true } });
});
afterAll(async () => {
  const { perPhone, perAddress, lookups, signUps, burst } = measured;
  if (perPhone && perAddress && lookups && signUps && burst) {
    recordFigure({
      test: 'brute force',
      figure:
        `login: 429 after ${perPhone} wrong passwords per phone, ${perAddress} per address; ` +
        `lookup: 429 after ${lookups}/min; sign-up: ${signUps}/min`,
      ok: true,
    });
  }
  await shop.close();
});

function login(phoneNumber: string, password: string, remoteAddress = freshAddress()) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phoneNumber, password },
    remoteAddress,
  });
}

/** Sends requests one after another until the first 429; returns how many got through and that 429. */
async function untilThrottled(send: () => Promise<LightMyRequestResponse>, expectedStatus: number) {
  const cap = 1000;
  for (let passed = 0; passed < cap; passed += 1) {
    const response = await send();
    if (response.statusCode === 429) return { passed, throttled: response };
    expect(response.statusCode).toBe(expectedStatus);
  }
  throw new Error(`no 429 after ${cap} requests`);
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
}

function countStatuses(responses: readonly { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('login brute force', () => {
  it('locks a phone, from the address guessing it, after the wrong passwords allowed; the right password is refused there too', async () => {
    const target = await createUser(shop, 'admin');
    const guesser = freshAddress();
    const { passed, throttled } = await untilThrottled(
      () => login(target.phoneNumber, 'wrong-password', guesser),
      401,
    );
    expect(passed).toBe(LIMITS.loginFailuresPerPhone);
    expectThrottled(throttled);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    const rightPassword = await login(target.phoneNumber, target.password, guesser);
    expectThrottled(rightPassword);
    expect(rightPassword.body).not.toContain('token');

    // Another way of writing the same phone is either refused as malformed or counted as the same phone.
    const digits = target.phoneNumber.slice(1);
    for (const variant of [
      ` ${target.phoneNumber} `,
      digits,
      `+${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
      digits.slice(3),
      `\u00a0${target.phoneNumber}`,
    ]) {
      const response = await login(variant, target.password, guesser);
      expect([400, 429], JSON.stringify(variant)).toContain(response.statusCode);
      expect(response.body).not.toContain('token');
    }

    // The owner, from their own address, is not locked out by the stranger's guesses.
    expect((await login(target.phoneNumber, target.password)).statusCode).toBe(200);
    measured.perPhone = passed;
  });

  it('does not lock staff out when wrong passwords for their phone come from many addresses (5 from 5)', async () => {
    const target = await createUser(shop, 'admin');
    for (let i = 0; i < LIMITS.loginFailuresPerPhone; i += 1) {
      expect((await login(target.phoneNumber, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await login(target.phoneNumber, target.password)).statusCode).toBe(200);
  });

  it('locks an address after the wrong passwords allowed across many phones; other addresses still log in', async () => {
    const attacker = freshAddress();
    const user = await createUser(shop, 'manager');
    const { passed, throttled } = await untilThrottled(
      () => login(uniquePhone(), 'wrong-password', attacker),
      401,
    );
    expect(passed).toBe(LIMITS.loginFailuresPerAddress);
    expectThrottled(throttled);
    expectThrottled(await login(user.phoneNumber, user.password, attacker));
    // Without a trusted proxy in front, a forwarded-for header the attacker writes changes nothing.
    const spoofed = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: user.phoneNumber, password: user.password },
      headers: { 'x-forwarded-for': freshAddress() },
      remoteAddress: attacker,
    });
    expectThrottled(spoofed);
    expect((await login(user.phoneNumber, user.password)).statusCode).toBe(200);
    measured.perAddress = passed;
  });

  it('gives a burst of parallel guesses no more tries than guesses one after another', async () => {
    const target = await createUser(shop, 'ceo');
    const guesser = freshAddress();
    const phoneBurst = await Promise.all(
      Array.from({ length: LIMITS.loginFailuresPerPhone * 4 }, () =>
        login(target.phoneNumber, 'wrong-password', guesser),
      ),
    );
    expect(countStatuses(phoneBurst)).toEqual({
      401: LIMITS.loginFailuresPerPhone,
      429: LIMITS.loginFailuresPerPhone * 3,
    });

    const attacker = freshAddress();
    const addressBurst = await Promise.all(
      Array.from({ length: LIMITS.loginFailuresPerAddress * 2 }, () =>
        login(uniquePhone(), 'wrong-password', attacker),
      ),
    );
    expect(countStatuses(addressBurst)).toEqual({
      401: LIMITS.loginFailuresPerAddress,
      429: LIMITS.loginFailuresPerAddress,
    });
    measured.burst = true;
  });

  it('does not count successful logins', async () => {
    const address = freshAddress();
    const user = await createUser(shop, 'ceo');
    const limit = Math.max(LIMITS.loginFailuresPerPhone, LIMITS.loginFailuresPerAddress);
    for (let i = 0; i < limit + 2; i += 1) {
      expect((await login(user.phoneNumber, user.password, address)).statusCode).toBe(200);
    }
  });

  it('a success resets the phone’s failure count', async () => {
    const user = await createUser(shop, 'manager');
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < LIMITS.loginFailuresPerPhone - 1; i += 1) {
        expect((await login(user.phoneNumber, 'wrong-password')).statusCode).toBe(401);
      }
      expect((await login(user.phoneNumber, user.password)).statusCode).toBe(200);
    }
  });
});

describe('order lookup by phone', () => {
  it('answers 429 after the lookups allowed per minute from one address, whatever phone or spelling is asked', async () => {
    const attacker = freshAddress();
    let asked = 0;
    // Each lookup asks for another phone, written another way or with a query string: none of it
    // starts a fresh count.
    const spellings = [
      (digits: string) => `+998${digits}`,
      (digits: string) => `998${digits}`,
      (digits: string) => digits,
      (digits: string) => `(${digits.slice(0, 2)}) ${digits.slice(2)}?page=1`,
    ];
    const { passed, throttled } = await untilThrottled(() => {
      const digits = uniquePhone().slice(4);
      const url = `/api/orders/customer/${encodeURI(spellings[asked++ % spellings.length]!(digits))}`;
      return shop.app.inject({ method: 'GET', url, remoteAddress: attacker });
    }, 200);
    expect(passed).toBe(LIMITS.lookupsPerAddressPerMinute);
    expectThrottled(throttled);
    const spoofed = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/customer/${encodeURIComponent(uniquePhone())}`,
      headers: { 'x-forwarded-for': freshAddress() },
      remoteAddress: attacker,
    });
    expectThrottled(spoofed);

    const neighbour = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/customer/${encodeURIComponent(uniquePhone())}`,
      remoteAddress: freshAddress(),
    });
    expect(neighbour.statusCode).toBe(200);
    measured.lookups = passed;
  });
});

describe('sign-up', () => {
  it('answers 429 after the sign-ups allowed per minute from one address, and creates nobody then', async () => {
    const attacker = freshAddress();
    const signUp = (phoneNumber: string, remoteAddress = attacker) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/signUp',
        payload: { fullName: 'Bot Botov', phoneNumber, password: 'secret123' },
        remoteAddress,
      });
    const { passed, throttled } = await untilThrottled(() => signUp(uniquePhone()), 201);
    expect(passed).toBe(LIMITS.signUpsPerAddressPerMinute);
    expectThrottled(throttled);

    const phone = uniquePhone();
    expectThrottled(await signUp(phone));
    expect(await shop.app.services.users.findByPhone(phone)).toBeFalsy();
    expect((await signUp(phone, freshAddress())).statusCode).toBe(201);
    measured.signUps = passed;
  });
});
