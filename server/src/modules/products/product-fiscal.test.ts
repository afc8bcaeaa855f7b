import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productForm, type FormFields } from '../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const IKPU = '09403001001000000';

describe('products carry fiscal codes', () => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop({ fiscal: { vatPercent: 0 } });
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  const send = (method: 'POST' | 'PATCH', url: string, fields: FormFields) => {
    const form = productForm(fields);
    return shop.app.inject({
      method,
      url,
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
  };
  const create = (fields: FormFields) =>
    send('POST', '/api/products', {
      name: 'Fiscal desk',
      description: 'A desk with its codes',
      price: '500000',
      category: 'office',
      ...fields,
    });

  it('stores ikpu, packageCode and vatPercent from the staff form', async () => {
    const response = await create({ ikpu: IKPU, packageCode: '1514296', vatPercent: '12' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ikpu: IKPU, packageCode: '1514296', vatPercent: 12 });
    const read = await shop.app.inject({ method: 'GET', url: `/api/products/${response.json()._id}` });
    expect(read.json()).toMatchObject({ ikpu: IKPU, packageCode: '1514296', vatPercent: 12 });
  });

  it('gives a new product without a rate the shop VAT_PERCENT, and no codes', async () => {
    const response = await create({});
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ikpu: null, packageCode: null, vatPercent: 0 });
  });

  it.each([
    ['ikpu', { ikpu: '0940300100100000' }],
    ['ikpu', { ikpu: '0940300100100000a' }],
    ['packageCode', { packageCode: '15-14' }],
    ['vatPercent', { vatPercent: '15' }],
    ['vatPercent', { vatPercent: 'twelve' }],
  ] as const)('answers a bad %s with a 400 naming the field', async (field, fields) => {
    const response = await create(fields);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((error: { path: string }) => error.path)).toContain(field);
    expect(JSON.stringify(body)).toContain(field);
  });

  it('changes the codes on update, and a blank code clears it', async () => {
    const product = await insertProduct(shop);
    const changed = await send('PATCH', `/api/products/${product.id}`, {
      ikpu: '09401001001000000',
      vatPercent: '0',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      ikpu: '09401001001000000',
      packageCode: product.packageCode,
      vatPercent: 0,
    });
    const cleared = await send('PATCH', `/api/products/${product.id}`, { ikpu: '' });
    expect(cleared.json()).toMatchObject({ ikpu: null });
    const bad = await send('PATCH', `/api/products/${product.id}`, { ikpu: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('ikpu');
  });

  it('lists for staff the products missing fiscal data, and refuses the filter to shoppers', async () => {
    const complete = await insertProduct(shop, { name: 'Complete codes' });
    const missing = await insertProduct(shop, { name: 'No codes', ikpu: null });
    const noPackage = await insertProduct(shop, { name: 'No package', packageCode: null });
    const staffList = async (value: string) => {
      const response = await shop.app.inject({
        method: 'GET',
        url: `/api/products?missingFiscalData=${value}&limit=100`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return (response.json().docs as { _id: string }[]).map((doc) => doc._id);
    };
    const missingIds = await staffList('true');
    expect(missingIds).toEqual(expect.arrayContaining([missing.id, noPackage.id]));
    expect(missingIds).not.toContain(complete.id);
    const completeIds = await staffList('false');
    expect(completeIds).toContain(complete.id);
    expect(completeIds).not.toContain(missing.id);
    const shopper = await shop.app.inject({ method: 'GET', url: '/api/products?missingFiscalData=true' });
    expect(shopper.statusCode).toBe(400);
    expect(shopper.json().message).toContain('missingFiscalData');
  });
});
