import { describe, expect, it } from 'vitest';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  call,
  cleanupAfterAll,
  createProduct,
  DATABASES,
  freshStorage,
  loginAdmin,
  readProduct,
  shopperPhone,
  ShopProcess,
} from './harness.js';
import {
  CLICK_SECRET,
  CLICK_SERVICE_ID,
  PAYME_KEY,
  PAYMENT_ENV,
  PAYMENT_PORTS,
  basic,
  clickCall,
  clickSign,
  paymeCall,
  paymeTransactionId,
  placeOnlineOrder,
} from './payment-calls.js';

const PRICE = 50_000;
const PAYME_METHODS = [
  'CheckPerformTransaction',
  'CreateTransaction',
  'PerformTransaction',
  'CancelTransaction',
  'CheckTransaction',
  'GetStatement',
];

/** Authorization headers an attacker might try instead of Payme's own. */
const FORGED_PAYME_AUTH: (string | null)[] = [
  null,
  basic('Paycom', 'wrong-key'),
  basic('Paycom', PAYME_KEY.toUpperCase()),
  basic('Paycom', `${PAYME_KEY} `),
  basic('Paycom', PAYME_KEY.slice(0, -1)),
  basic('paycom', PAYME_KEY),
  basic('Payme', PAYME_KEY),
  basic('', PAYME_KEY),
  `Basic ${Buffer.from(PAYME_KEY).toString('base64')}`,
  `Bearer ${PAYME_KEY}`,
  `Basic ${PAYME_KEY}`,
  'Basic',
  'Basic ===',
];

/** Signatures an attacker might send instead of Click's own. */
const FORGED_CLICK_SIGNS: {
  label: string;
  sign: (fields: Record<string, string>) => string;
  serviceId?: string;
}[] = [
  { label: 'zeros', sign: () => '0'.repeat(32) },
  { label: 'empty', sign: () => '' },
  { label: 'another secret', sign: (fields) => clickSign(fields, 'guessed-secret') },
  { label: 'no secret', sign: (fields) => clickSign(fields, '') },
  { label: 'another service', sign: (fields) => clickSign(fields), serviceId: '99999' },
  { label: 'amount changed after signing', sign: (fields) => clickSign({ ...fields, amount: '1' }) },
  {
    label: 'order changed after signing',
    sign: (fields) => clickSign({ ...fields, merchant_trans_id: 'x' }),
  },
  { label: 'secret as the signature', sign: () => CLICK_SECRET },
];

describe.each(DATABASES)('forged provider calls on $variant', ({ variant, postgres }) => {
  const cleanup = cleanupAfterAll();

  it('are refused before anything is read or changed, and no secret reaches the log', async () => {
    const shop = await ShopProcess.start({
      ...(await freshStorage(postgres, cleanup)),
      port: PAYMENT_PORTS.forgery[variant as 'PGlite' | 'PostgreSQL'],
      env: PAYMENT_ENV,
    });
    cleanup(() => shop.kill('SIGTERM'));
    const token = await loginAdmin(shop);
    const product = await createProduct(shop, token, {
      name: 'Forgery desk',
      price: PRICE,
      stock: 100,
      color: ['oq'],
    });
    const paymeOrder = (await placeOnlineOrder(shop, shopperPhone(1), product._id, 'payme')).body;
    const clickOrder = (await placeOnlineOrder(shop, shopperPhone(2), product._id, 'click')).body;

    let paymeForged = 0;
    const paymeAccepted: string[] = [];
    const transactionIds: string[] = [];
    for (const [index, authorization] of FORGED_PAYME_AUTH.entries()) {
      const id = paymeTransactionId('f0', index);
      transactionIds.push(id);
      for (const method of PAYME_METHODS) {
        const answer = await paymeCall(
          shop,
          method,
          {
            id,
            time: Date.now(),
            amount: PRICE * 100,
            account: { order_id: paymeOrder._id },
            reason: 5,
            from: 0,
            to: Date.now() + 1000,
          },
          authorization,
        );
        paymeForged += 1;
        if (answer.status !== 200 || answer.body.error?.code !== -32504)
          paymeAccepted.push(
            `${method} with ${authorization}: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
      }
    }

    let clickForged = 0;
    const clickAccepted: string[] = [];
    for (const forgery of FORGED_CLICK_SIGNS) {
      for (const step of ['prepare', 'complete'] as const) {
        const answer = await clickCall(
          shop,
          step,
          {
            click_trans_id: String(700_000 + clickForged),
            merchant_trans_id: clickOrder._id,
            amount: String(PRICE),
            ...(step === 'complete' ? { merchant_prepare_id: '1' } : {}),
          },
          forgery.sign,
          forgery.serviceId ?? CLICK_SERVICE_ID,
        );
        clickForged += 1;
        // An empty signature is an incomplete request (-8); every other forgery fails the check (-1).
        if (answer.status !== 200 || ![-1, -8].includes(answer.body.error))
          clickAccepted.push(`${step} signed "${forgery.label}": ${JSON.stringify(answer.body)}`);
      }
    }
    expect(paymeAccepted).toEqual([]);
    expect(clickAccepted).toEqual([]);

    // Nothing changed: both orders unpaid, no transaction exists, the stock as placed.
    for (const order of [paymeOrder, clickOrder]) {
      const state = await call<{ payment: { status: string } }>(shop, 'GET', `/api/orders/${order._id}`, {
        token,
      });
      expect(state.body.payment.status).toBe('unpaid');
    }
    for (const id of transactionIds) {
      expect((await paymeCall(shop, 'CheckTransaction', { id })).body.error?.code).toBe(-31003);
    }
    expect((await readProduct(shop, token, product._id)).stock).toBe(98);

    const refusals = shop.logLines.filter((line) => /refused/.test(line)).length;
    expect(refusals).toBe(
      paymeForged + clickForged - FORGED_CLICK_SIGNS.filter((f) => f.label === 'empty').length * 2,
    );
    const leaks = shop.logLines.filter((line) => line.includes(PAYME_KEY) || line.includes(CLICK_SECRET));
    expect(leaks).toEqual([]);

    recordFigure({
      test: 'payment forgery',
      variant,
      figure: `${paymeForged} forged Payme calls (${FORGED_PAYME_AUTH.length} kinds of credentials × 6 methods) and ${clickForged} forged Click calls (${FORGED_CLICK_SIGNS.length} kinds of signature × 2 steps): 0 accepted, 0 transactions, stock unchanged; ${refusals} refusals logged, 0 with a secret`,
      ok: true,
    });
  });
});
