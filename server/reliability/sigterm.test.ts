import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  allOrders,
  cleanupAfterAll,
  createProduct,
  freshStorage,
  loginAdmin,
  shopperPhone,
  ShopProcess,
  sleep,
} from './harness.js';

/** A request whose body arrives in two parts, so it is surely in flight when the signal lands. */
function slowOrder(shop: ShopProcess, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  let sendRest: () => void = () => {};
  const answer = new Promise<{ status: number; body: { _id?: string } }>((resolve, reject) => {
    const request = http.request(
      `${shop.url}/api/orders`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': payload.length } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.write(payload.subarray(0, half));
    sendRest = () => request.end(payload.subarray(half));
  });
  return { answer, sendRest: () => sendRest() };
}

/** The status of a GET on a connection of its own (0 when refused), never one kept alive. */
function onNewConnection(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
}

describe('SIGTERM', () => {
  const cleanup = cleanupAfterAll();

  it('lets requests in flight finish, refuses new connections, then exits cleanly', async () => {
    const shop = await ShopProcess.start(await freshStorage(false, cleanup));
    const token = await loginAdmin(shop);
    const product = await createProduct(shop, token, {
      name: 'Term desk',
      price: 90_000,
      stock: 10,
      color: ['oq'],
    });
    const phone = shopperPhone(77);
    const inFlight = Array.from({ length: 5 }, () =>
      slowOrder(shop, {
        customerName: 'Late shopper',
        phoneNumber: phone,
        items: [{ productId: product._id, quantity: 1, color: 'oq' }],
      }),
    );
    await sleep(300);

    const signalledAt = Date.now();
    shop.child.kill('SIGTERM');
    await sleep(500);
    // A connection opened before the signal may still be answered; a new one is refused.
    const afterSignal = await onNewConnection(`${shop.url}/api/health`);
    inFlight.forEach((request) => request.sendRest());
    const answers = await Promise.all(inFlight.map((request) => request.answer));
    const exit = await shop.exited;
    const exitSeconds = (Date.now() - signalledAt) / 1000;

    expect(afterSignal).toBe(0);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(shop.logLines.join('\n')).toMatch(/SIGTERM: finishing requests in flight/);

    // The answered orders were written before the process let go of the embedded database.
    const restarted = await shop.restart();
    try {
      const stored = await allOrders(restarted, await loginAdmin(restarted));
      expect(stored.map((order) => order._id)).toEqual(
        expect.arrayContaining(answers.map((answer) => answer.body._id)),
      );
    } finally {
      await restarted.kill('SIGTERM');
    }

    recordFigure({
      test: 'SIGTERM',
      figure: `${answers.length} orders mid-upload at the signal: all 201 and stored; new connections refused; exit code 0 after ${exitSeconds.toFixed(1)} s`,
      ok: true,
    });
  });
});
