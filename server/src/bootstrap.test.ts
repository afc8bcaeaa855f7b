import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareShop } from './bootstrap.js';
import { products, users } from './db/schema.js';
import { buildTestShop, truncateAll, type TestShop } from './test/test-app.js';

const ADMIN = { phone: '+998900000077', password: 'first-admin-pass' };

describe('first start', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await buildTestShop();
    await truncateAll(shop);
  });
  afterAll(() => shop.close());

  it('creates the staff account from ADMIN_PHONE/ADMIN_PASSWORD and loads the demo catalogue once', async () => {
    const config = { ...shop.config, admin: ADMIN, seedDemoData: true };
    await prepareShop(shop.app, config, shop.app.log);

    const [admin] = await shop.database.db.select().from(users).where(eq(users.phoneNumber, ADMIN.phone));
    expect(admin).toMatchObject({ role: 'admin', fullName: 'Admin' });
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: ADMIN.phone, password: ADMIN.password },
    });
    expect(login.statusCode).toBe(200);

    const catalogue = await shop.app.inject({ method: 'GET', url: '/api/products?limit=100' });
    const page = catalogue.json();
    expect(page.totalDocs).toBe(14);
    for (const product of page.docs) {
      // No invented ratings: the demo catalogue starts with no reviews.
      expect(product.rating).toEqual({ average: null, count: 0 });
      expect(product.productImages).toHaveLength(1);
      const image = await shop.app.inject({ method: 'GET', url: product.productImages[0] });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
    const thumbs = readdirSync(path.join(shop.config.uploadsDir, 'products', 'thumbs'));
    expect(thumbs).toHaveLength(14);

    // A second start changes nothing: no second admin, no second catalogue.
    await prepareShop(
      shop.app,
      { ...config, admin: { phone: '+998900000078', password: 'another-pass' } },
      shop.app.log,
    );
    const [staff] = await shop.database.db.select({ total: count() }).from(users);
    const [items] = await shop.database.db.select({ total: count() }).from(products);
    expect(staff?.total).toBe(1);
    expect(items?.total).toBe(14);
  });
});
