import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

/** The dashboard's cards and the staff lists they link to show the same sets. */
describe('dashboard figures against the staff lists', () => {
  let shop: TestShop;
  let manager: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop();
    manager = await createUser(shop, 'manager');
    await insertProduct(shop);
    await insertProduct(shop);
    await insertProduct(shop, { status: 'onPaused' });
    await insertProduct(shop, { isDeleted: true });
    await insertProduct(shop, { isDeleted: true, status: 'onPaused' });
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: manager.headers });

  it('counts the products that the linked products page lists (on sale: active, not deleted)', async () => {
    const stats = (await get('/api/dashboard/stats')).json();
    const linked = (await get('/api/products?status=active&isDeleted=false&limit=100')).json();
    const everything = (await get('/api/products?status=all&isDeleted=all&limit=100')).json();
    expect(everything.totalDocs).toBe(5);
    expect(stats.totalProducts).toBe(2);
    expect(linked.totalDocs).toBe(stats.totalProducts);
  });

  it('lets staff list sign-up customers, which the default staff list leaves out', async () => {
    const customer = await createUser(shop, 'customer', 'Shopper Sign-up');
    const staff = (await get('/api/users?limit=100')).json();
    const customers = (await get('/api/users?role=customer&limit=100')).json();
    expect(staff.docs.map((u: { _id: string }) => u._id)).not.toContain(customer.id);
    expect(customers.docs.map((u: { _id: string; role: string }) => [u._id, u.role])).toEqual([
      [customer.id, 'customer'],
    ]);
  });
});
