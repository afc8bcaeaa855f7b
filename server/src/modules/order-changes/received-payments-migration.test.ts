import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { receivedPayments } from '../../db/schema.js';
import { shopUpgradedFrom } from '../../test/migrations.js';
import { createUser, type TestShop, type TestUser } from '../../test/test-app.js';

/** The migration that moved money received into one table. */
const MONEY_MIGRATION = '0020_money-received';

const PAID_AT = '2026-11-20T09:30:00.000Z';
const TRANSFER_DAY = '2026-11-19T19:00:00.000Z';
const RECORDED_AT = '2026-11-20T10:00:00.000Z';

/** Orders as the shop stored them before the migration: money on the order row, in four shapes. */
async function seedOldShapes(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (id, full_name, phone_number, password_hash, role)
    values ('staff-cash', 'Jasur Tursunov', '+998901110001', 'x', 'manager')`);
  const order = (id: string, method: string, extra = sql``) => sql`
    insert into orders (id, customer_name, phone_number, total, payment_method, payment_status, paid_at)
    values (${id}, 'Aziz', '+998901110002', 150000, ${method}, 'paid', ${PAID_AT}) ${extra}`;
  await db.execute(order('order-cash', 'cash'));
  await db.execute(sql`
    update orders set cash_received_amount = 150000, cash_received_by_id = 'staff-cash',
      cash_received_by_name = 'Jasur Tursunov', cash_received_at = ${PAID_AT} where id = 'order-cash'`);
  await db.execute(order('order-transfer', 'bank_transfer'));
  await db.execute(sql`
    update orders set paid_at = ${TRANSFER_DAY}, bank_transfer = ${JSON.stringify({
      amount: 150000,
      paidAt: TRANSFER_DAY,
      reference: 'PP-77',
      byId: 'staff-cash',
      byName: 'Jasur Tursunov',
      at: RECORDED_AT,
    })}::jsonb where id = 'order-transfer'`);
  await db.execute(order('order-payme', 'payme'));
  await db.execute(sql`
    insert into payment_transactions (provider, provider_transaction_id, order_id, amount, state, created_at, performed_at)
    values ('payme', 'p-1', 'order-payme', 15000000, 2, ${PAID_AT}, ${PAID_AT}),
           ('payme', 'p-2', 'order-payme', 15000000, -1, ${PAID_AT}, null)`);
  await db.execute(order('order-uzum', 'uzum_nasiya'));
  await db.execute(sql`
    insert into payment_transactions (provider, provider_transaction_id, order_id, amount, state, created_at, performed_at)
    values ('uzum_nasiya', 'c-9', 'order-uzum', 15000000, 2, ${PAID_AT}, ${PAID_AT})`);
  await db.execute(sql`
    update orders set instalment_months = 12, instalment_monthly = 14000, instalment_contract_id = 'c-9'
     where id = 'order-uzum'`);
  await db.execute(sql`
    insert into instalment_contracts (contract_id, uzum_order_id, order_id, transaction_id, phone, months, monthly,
                                      total, state, created_at, updated_at)
    values ('c-9', 'u-9', 'order-uzum', 3, '+998901110002', 12, 14000, 168000, 'confirmed', ${PAID_AT}, ${PAID_AT})`);
}

describe(`migration ${MONEY_MIGRATION}`, () => {
  let shop: TestShop;
  let staff: TestUser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ shop, close } = await shopUpgradedFrom(MONEY_MIGRATION, seedOldShapes));
    staff = await createUser(shop, 'admin');
  });
  afterAll(() => close());

  const staffOrder = async (id: string) => {
    const response = await shop.app.inject({ url: `/api/orders?limit=10`, headers: staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().docs.find((order: { _id: string }) => order._id === id);
  };

  it('keeps cash taken, a recorded transfer and an instalment contract reading as before', async () => {
    expect((await staffOrder('order-cash')).payment).toEqual({
      method: 'cash',
      status: 'paid',
      paidAt: PAID_AT,
      cashReceived: { amount: 150000, by: { _id: 'staff-cash', name: 'Jasur Tursunov' }, at: PAID_AT },
    });
    expect((await staffOrder('order-transfer')).payment).toEqual({
      method: 'bank_transfer',
      status: 'paid',
      paidAt: TRANSFER_DAY,
      bankTransfer: {
        amount: 150000,
        paidAt: TRANSFER_DAY,
        reference: 'PP-77',
        by: { _id: 'staff-cash', name: 'Jasur Tursunov' },
        at: RECORDED_AT,
      },
    });
    expect((await staffOrder('order-uzum')).payment).toEqual({
      method: 'uzum_nasiya',
      status: 'paid',
      paidAt: PAID_AT,
      instalment: { months: 12, monthly: 14000, contractId: 'c-9' },
    });
    expect((await staffOrder('order-payme')).payment).toEqual({
      method: 'payme',
      status: 'paid',
      paidAt: PAID_AT,
    });
  });

  it('records one received payment per receipt, whatever the method', async () => {
    const rows = await shop.database.db.select().from(receivedPayments);
    const seen = rows.map(({ orderId, method, amount, reference, transactionId }) => ({
      orderId,
      method,
      amount,
      reference,
      provider: transactionId !== null,
    }));
    expect(seen).toEqual(
      expect.arrayContaining([
        { orderId: 'order-cash', method: 'cash', amount: 150000, reference: null, provider: false },
        {
          orderId: 'order-transfer',
          method: 'bank_transfer',
          amount: 150000,
          reference: 'PP-77',
          provider: false,
        },
        { orderId: 'order-payme', method: 'payme', amount: 150000, reference: null, provider: true },
        { orderId: 'order-uzum', method: 'uzum_nasiya', amount: 150000, reference: null, provider: true },
      ]),
    );
    // The Payme transaction cancelled before payment brought no money.
    expect(rows).toHaveLength(4);
  });
});
