import { describe, expect, it } from 'vitest';
import type { PlacedOrder, ShopperOrder } from '@shop/common';
import { FakeUzumNasiya } from '../src/test/fake-uzum-nasiya.js';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  call,
  cleanupAfterAll,
  createProduct,
  DATABASES,
  freshStorage,
  loginAdmin,
  phoneCode,
  readProduct,
  shopperPhone,
  sleep,
  ShopProcess,
} from './harness.js';

const PRICE = 1_000_000;
const STOCK = 100;
/** Orders whose buyer types the code (their confirms in flight at the kill), and ones signed at Uzum. */
const TYPED = 7;
const SIGNED_ELSEWHERE = 3;
/** The sweep runs a minute after the start, and confirms what a dead request left a minute before. */
const SWEEP_WAIT_MS = 100_000;

const orderUrl = (order: PlacedOrder, path: string) =>
  `/api/orders/${order._id}${path}?key=${order.orderKey}`;

describe.each(DATABASES)(
  'kill -9 while instalment contracts are confirmed on $variant',
  ({ variant, postgres }) => {
    const cleanup = cleanupAfterAll();

    it('confirms no contract twice and pays no order twice; the sweep settles what the dead process left', async () => {
      const uzum = await new FakeUzumNasiya().start();
      cleanup(() => uzum.stop());
      const shop = await ShopProcess.start({
        ...(await freshStorage(postgres, cleanup)),
        env: { UZUM_NASIYA_TOKEN: uzum.token, UZUM_NASIYA_API_ROOT: uzum.url },
      });
      cleanup(() => shop.kill());
      const token = await loginAdmin(shop);
      const product = await createProduct(shop, token, {
        name: 'Nasiya sofa',
        price: PRICE,
        stock: STOCK,
        color: ['oq'],
      });

      const placed: PlacedOrder[] = [];
      for (let index = 0; index < TYPED + SIGNED_ELSEWHERE; index += 1) {
        const phone = shopperPhone(9000 + index);
        const order = await call<PlacedOrder>(shop, 'POST', '/api/orders', {
          body: {
            customerName: 'Nasiya buyer',
            phoneNumber: phone,
            items: [{ productId: product._id, quantity: 1, color: 'oq' }],
            paymentMethod: 'uzum_nasiya',
          },
        });
        expect(order.status).toBe(201);
        const contract = await call<{ contractId: string }>(
          shop,
          'POST',
          orderUrl(order.body, '/instalment'),
          // A contract is signed only on a phone its owner proved with an SMS code.
          { body: { months: 12 }, headers: { 'x-phone-code': await phoneCode(shop, phone) } },
        );
        expect(contract.status).toBe(201);
        if (index >= TYPED) uzum.contracts.get(Number(contract.body.contractId))!.status = 1;
        placed.push(order.body);
      }

      // Each typed code sent twice at once; Uzum holds its confirms, so the process dies with them in flight.
      uzum.delays.set('/api/v1/contracts/confirm', 400);
      const inFlight = placed
        .slice(0, TYPED)
        .flatMap((order) =>
          [1, 2].map(() =>
            call(shop, 'POST', orderUrl(order, '/instalment/confirm'), { body: { code: uzum.code } }),
          ),
        );
      await sleep(200);
      const exit = await shop.kill('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      await Promise.all(inFlight);
      await sleep(500);
      const activatedAtKill = uzum.activations;
      uzum.delays.clear();

      const restarted = await shop.restart();
      cleanup(() => restarted.kill());
      const adminToken = await loginAdmin(restarted);
      // A buyer whose code never reached the shop types it again.
      for (const order of placed.slice(0, TYPED)) {
        await call(restarted, 'POST', orderUrl(order, '/instalment/confirm'), { body: { code: uzum.code } });
      }
      const deadline = Date.now() + SWEEP_WAIT_MS;
      let states: ShopperOrder[] = [];
      do {
        await sleep(2_000);
        states = await Promise.all(
          placed.map(
            async (order) =>
              (await call<ShopperOrder>(restarted, 'GET', `/api/orders/${order._id}`, { token: adminToken }))
                .body,
          ),
        );
      } while (states.some((state) => state.payment.status !== 'paid') && Date.now() < deadline);

      expect(states.map((state) => state.payment.status)).toEqual(placed.map(() => 'paid'));
      expect(uzum.activations).toBe(TYPED);
      expect(uzum.repeatedConfirms).toBe(0);
      expect(uzum.callsTo('/api/v1/contracts/cancel')).toBe(0);
      expect((await readProduct(restarted, adminToken, product._id)).stock).toBe(
        STOCK - TYPED - SIGNED_ELSEWHERE,
      );

      recordFigure({
        test: 'instalment contracts under kill -9',
        variant,
        figure: `${TYPED} codes typed twice at once, the process killed with the confirms in flight (${activatedAtKill} activated at Uzum by then), ${SIGNED_ELSEWHERE} signed at Uzum: after the restart all ${placed.length} orders paid once, ${uzum.activations} activations and ${uzum.repeatedConfirms} repeated confirms, 0 cancels, stock − ${placed.length} exactly`,
        ok: true,
      });
    });
  },
);
