import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@shop/common';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  allOrders,
  type Answer,
  call,
  cleanupAfterAll,
  createProduct,
  DATABASES,
  freshStorage,
  loginAdmin,
  placeOrder,
  readProduct,
  shopperPhone,
  ShopProcess,
  unitsHeld,
} from './harness.js';

const COLOURS = ['oq', 'qora', 'jigarrang'];

describe.each(DATABASES)('checkout storm on $variant', ({ variant, postgres }) => {
  const cleanup = cleanupAfterAll();
  let shop: ShopProcess;
  let token: string;
  let shopper = 0;
  const nextPhone = () => shopperPhone((postgres ? 500_000 : 0) + ++shopper);

  beforeAll(async () => {
    shop = await ShopProcess.start(await freshStorage(postgres, cleanup));
    cleanup(() => shop.kill('SIGTERM'));
    token = await loginAdmin(shop);
  });

  const setStatus = (order: Order, status: Order['status']) =>
    call(shop, 'PATCH', `/api/orders/${order._id}`, { token, body: { status } });

  /** Stock never negative, and every unit is either in stock or held by an order that is not cancelled. */
  async function expectStockBalanced(product: Product, startingStock: number) {
    const { stock } = await readProduct(shop, token, product._id);
    const held = unitsHeld(await allOrders(shop, token), product._id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + held).toBe(startingStock);
    return stock;
  }

  const serverErrors = (answers: readonly Answer[]) =>
    answers.filter((answer) => answer.status === 0 || answer.status >= 500);

  it('200 concurrent orders for stock 50: the orders that fit succeed, the rest get 409, stock ends at 0', async () => {
    const product = await createProduct(shop, token, {
      name: `Storm desk ${variant}`,
      price: 450_000,
      stock: 50,
      color: COLOURS,
    });
    const requests = Array.from({ length: 200 }, (_, index) => ({
      phone: nextPhone(),
      line: { productId: product._id, quantity: 1 + (index % 3), color: COLOURS[index % COLOURS.length]! },
    }));

    const answers = await Promise.all(requests.map(({ phone, line }) => placeOrder(shop, phone, [line])));

    expect(serverErrors(answers)).toEqual([]);
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.any(String) });
    }
    const acceptedUnits = accepted.reduce((sum, answer) => sum + answer.body.products[0]!.quantity, 0);
    const finalStock = await expectStockBalanced(product, 50);
    expect(acceptedUnits).toBe(50 - finalStock);
    expect(finalStock).toBe(0);

    // Each success is stored as asked: its colour and quantity, once.
    const stored = new Map((await allOrders(shop, token)).map((order) => [order._id, order]));
    answers.forEach((answer, index) => {
      if (answer.status !== 201) return;
      const line = stored.get(answer.body._id)!.products[0]!;
      expect(line).toMatchObject({
        quantity: requests[index]!.line.quantity,
        color: requests[index]!.line.color,
      });
    });

    recordFigure({
      test: 'checkout storm',
      variant,
      figure: `200 orders: ${accepted.length} ok / ${refused.length} refused (409) / 0 × 5xx; final stock ${finalStock} of 50, ordered ${acceptedUnits} + stock ${finalStock} = 50`,
      ok: true,
    });
  });

  it('cancels and un-cancels racing new orders keep every unit accounted for', async () => {
    const product = await createProduct(shop, token, {
      name: `Cancel race shelf ${variant}`,
      price: 300_000,
      stock: 30,
      color: COLOURS,
    });
    const line = (quantity: number) => [{ productId: product._id, quantity, color: 'oq' }];
    const first: Order[] = [];
    for (let index = 0; index < 15; index += 1) {
      const answer = await placeOrder(shop, nextPhone(), line(2));
      expect(answer.status).toBe(201);
      first.push(answer.body);
    }
    expect(await expectStockBalanced(product, 30)).toBe(0);

    // Round 1: ten cancels free 20 units while forty shoppers ask for one each.
    const round1 = await Promise.all([
      ...first.slice(0, 10).map((order) => setStatus(order, 'cancelled')),
      ...Array.from({ length: 40 }, () => placeOrder(shop, nextPhone(), line(1))),
    ]);
    expect(serverErrors(round1)).toEqual([]);
    expect(round1.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    const newOrders = round1.slice(10);
    // Orders served before the cancels find no stock, so at most the 20 freed units are sold.
    expect(newOrders.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(20);
    expect(newOrders.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    await expectStockBalanced(product, 30);

    // Round 2: un-cancelling needs stock again (409 when short) while the other five are cancelled.
    const round2 = await Promise.all([
      ...first.slice(0, 10).map((order) => setStatus(order, 'new')),
      ...first.slice(10).map((order) => setStatus(order, 'cancelled')),
      ...Array.from({ length: 20 }, () => placeOrder(shop, nextPhone(), line(1))),
    ]);
    expect(serverErrors(round2)).toEqual([]);
    for (const answer of round2.filter((answer) => answer.status >= 400)) {
      expect(answer.status).toBe(409);
    }
    expect(round2.slice(10, 15).every((answer) => answer.status === 200)).toBe(true);
    const finalStock = await expectStockBalanced(product, 30);

    recordFigure({
      test: 'cancel / un-cancel race',
      variant,
      figure: `${round1.length + round2.length} racing changes: 0 × 5xx; stock ${finalStock} + units held = 30`,
      ok: true,
    });
  });

  it('staff edits racing shopper orders lose no update of stock, price or name', async () => {
    const product = await createProduct(shop, token, {
      name: `Edited chair ${variant}`,
      price: 100_000,
      stock: 500,
      color: COLOURS,
    });
    const prices = Array.from({ length: 30 }, (_, index) => 200_000 + index * 1_000);
    const names = Array.from({ length: 10 }, (_, index) => `Edited chair ${variant} v${index + 1}`);
    const answers = await Promise.all([
      ...Array.from({ length: 150 }, () =>
        placeOrder(shop, nextPhone(), [{ productId: product._id, quantity: 1, color: 'qora' }]),
      ),
      ...prices.map((price) =>
        call(shop, 'PATCH', `/api/products/${product._id}`, { token, body: { price } }),
      ),
      ...names.map((name) => call(shop, 'PATCH', `/api/products/${product._id}`, { token, body: { name } })),
    ]);
    expect(serverErrors(answers)).toEqual([]);
    const orders = answers.slice(0, 150);
    expect(orders.every((answer) => answer.status === 201)).toBe(true);
    expect(answers.slice(150).every((answer) => answer.status === 200)).toBe(true);

    const after = await readProduct(shop, token, product._id);
    expect(after.stock).toBe(500 - 150);
    // A name edit that rewrote the whole row from a stale read would put an old price back.
    expect(prices).toContain(after.price);
    expect(names).toContain(after.name);
    // Each order was priced at one moment: the list price then in force, never a mixture.
    for (const answer of orders) {
      const orderLine = (answer.body as Order).products[0]!;
      expect([100_000, ...prices]).toContain(orderLine.price);
    }

    recordFigure({
      test: 'staff edits vs orders',
      variant,
      figure: `150 orders + ${prices.length} price and ${names.length} name edits on one product: stock 500 → ${after.stock}, price and name from the edits, 0 lost updates`,
      ok: true,
    });
  });
});
