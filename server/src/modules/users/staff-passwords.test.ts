import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { staffPasswordProblem } from '../../security/staff-passwords.js';
import { codeFor } from '../../test/sms.js';
import { buildTestShop, createUser, uniquePhone, type TestShop } from '../../test/test-app.js';

let shop: TestShop;
let admin: Awaited<ReturnType<typeof createUser>>;
let addressCounter = 0;
const freshAddress = () => `10.7.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

beforeAll(async () => {
  shop = await buildTestShop();
  admin = await createUser(shop, 'admin');
});
afterAll(() => shop.close());

const SHORT = 'oak-desk1'; // 9 characters, not common
const COMMON = ['qwertyuiop', '1234567890', 'Password123', 'q1w2e3r4t5']; // 10+ characters, all common
const STRONG = 'walnut-shelf-bracket';

function createStaff(password: string, role = 'manager') {
  return shop.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { fullName: 'New staff', phoneNumber: uniquePhone(), password, role },
  });
}

describe('the staff password rule', () => {
  it('refuses short and common passwords and takes long uncommon ones', () => {
    expect(staffPasswordProblem(SHORT)).toMatch(/at least 10 characters/);
    for (const password of COMMON) expect(staffPasswordProblem(password), password).toMatch(/common/);
    expect(staffPasswordProblem(STRONG)).toBeUndefined();
  });

  it('answers 400 PASSWORD_TOO_WEAK when an admin creates staff with a weak password', async () => {
    for (const password of ['admin1', SHORT, ...COMMON]) {
      const response = await createStaff(password, 'admin');
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK', message: expect.any(String) });
    }
    expect((await createStaff(STRONG, 'ceo')).statusCode).toBe(201);
  });

  it("refuses a weak new password for a staff account, not for a customer's", async () => {
    const manager = await createUser(shop, 'manager');
    const customer = await createUser(shop, 'customer');
    const change = (id: string, password: string) =>
      shop.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        headers: admin.headers,
        payload: { password },
      });
    const weak = await change(manager.id, 'qwertyuiop');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_TOO_WEAK');
    expect((await change(manager.id, STRONG)).statusCode).toBe(200);
    expect((await change(customer.id, 'secret1')).statusCode).toBe(200);
  });

  it('refuses a weak password in a staff reset by SMS code; a customer may keep a short one', async () => {
    const manager = await createUser(shop, 'manager');
    const reset = async (phoneNumber: string, password: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: { phoneNumber, code: await codeFor(shop, phoneNumber, 'reset'), password },
        remoteAddress: freshAddress(),
      });
    const weak = await reset(manager.phoneNumber, 'manager1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_TOO_WEAK');
    // A code is asked for once a minute per phone: the strong reset is another manager's.
    const other = await createUser(shop, 'manager');
    expect((await reset(other.phoneNumber, STRONG)).statusCode).toBe(200);
    const customer = await createUser(shop, 'customer');
    expect((await reset(customer.phoneNumber, 'secret1')).statusCode).toBe(200);
  });

  it('keeps sign-up for customers at the spec rule (6 characters)', async () => {
    const phoneNumber = uniquePhone();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signUp',
      payload: {
        fullName: 'Shopper',
        phoneNumber,
        password: 'secret',
        code: await codeFor(shop, phoneNumber, 'signup'),
      },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('holds for the command line and start-up paths too (the service and ADMIN_PASSWORD)', async () => {
    await expect(
      shop.app.services.users.create({
        fullName: 'Script admin',
        phoneNumber: uniquePhone(),
        password: '1234567890',
        role: 'admin',
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'PASSWORD_TOO_WEAK' });
    expect(() => loadConfig({ ADMIN_PHONE: '+998901234567', ADMIN_PASSWORD: 'admin123' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });
});
