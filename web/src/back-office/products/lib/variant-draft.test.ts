import { describe, expect, it } from 'vitest';
import type { ProductOption } from '@shop/common';
import { makeProduct } from '../../../testing/factories';
import {
  bulkSet,
  draftFromProduct,
  fillSkus,
  generateVariants,
  suggestSku,
  type VariantDraft,
} from './variant-draft';
import { checkVariants, serverVariantsErrors } from './variant-errors';

const size: ProductOption = {
  code: 'size',
  name: { uz: "O'lcham" },
  values: [
    { code: '120', label: { uz: '120 sm' } },
    { code: '140', label: { uz: '140 sm' } },
  ],
};
const colour: ProductOption = {
  code: 'colour',
  name: { uz: 'Rang' },
  values: [
    { code: 'oak', label: { uz: 'Eman' }, swatch: '#a0522d' },
    { code: 'white', label: { uz: 'Oq' } },
  ],
};
const row = (values: Record<string, string>, extra: Partial<VariantDraft> = {}): VariantDraft => ({
  key: `r-${Object.values(values).join('-')}`,
  sku: '',
  values,
  price: '100',
  discountedPrice: '',
  stock: '1',
  madeToOrder: false,
  leadDays: '0',
  status: 'active',
  image: '',
  ...extra,
});
const template = { price: '500', stock: '0' };

describe('generateVariants', () => {
  it('makes every combination, keeping the rows already there', () => {
    const kept = row({ size: '140' }, { _id: 'v1', sku: 'D-140', price: '900' });
    const rows = generateVariants([size], [kept], template);
    expect(rows.map((r) => r.values)).toEqual([{ size: '120' }, { size: '140' }]);
    expect(rows[1]).toMatchObject({ _id: 'v1', sku: 'D-140', price: '900' });
    expect(rows[0]).toMatchObject({ sku: '', price: '500', stock: '0', status: 'active' });
  });

  it('carries an old row into the first combination of a new option, and drops removed values', () => {
    const rows = generateVariants(
      [size, colour],
      [row({ size: '120' }, { _id: 'v1' }), row({ size: '160' }, { _id: 'gone' })],
      template,
    );
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ _id: 'v1', values: { size: '120', colour: 'oak' } });
    expect(rows.filter((r) => r._id)).toHaveLength(1);
  });
});

describe('SKUs and bulk changes', () => {
  it('suggests the product SKU and the value codes, only for empty SKUs', () => {
    const id = 'abcdef1234567890abcdef12';
    expect(suggestSku(id, [size, colour], { size: '140', colour: 'oak' })).toBe('ABCDEF12-140-OAK');
    const filled = fillSkus(id, [size], [row({ size: '120' }), row({ size: '140' }, { sku: 'MINE' })]);
    expect(filled.map((r) => r.sku)).toEqual(['ABCDEF12-120', 'MINE']);
  });

  it('sets price, stock, lead days and made to order on the selected rows only', () => {
    const rows = [row({ size: '120' }), row({ size: '140' })];
    const changed = bulkSet(rows, new Set([rows[1]!.key]), {
      price: '700',
      madeToOrder: true,
      leadDays: '30',
    });
    expect(changed[0]).toEqual(rows[0]);
    expect(changed[1]).toMatchObject({ price: '700', stock: '1', madeToOrder: true, leadDays: '30' });
  });

  it('reads a stored product into rows; a sale price only when the variant has one below its price', () => {
    const product = makeProduct({
      options: [size],
      variants: [
        {
          _id: 'v1',
          sku: 'A',
          values: { size: '120' },
          price: 100,
          discountedPrice: 80,
          stock: 2,
          madeToOrder: true,
          leadDays: 5,
          status: 'hidden',
          image: 1,
        },
        {
          _id: 'v2',
          sku: 'B',
          values: { size: '140' },
          price: 100,
          discountedPrice: null,
          stock: 0,
          madeToOrder: false,
          leadDays: 0,
          status: 'active',
        },
      ],
    });
    const draft = draftFromProduct(product);
    expect(draft.options[0]!.name).toEqual({ uz: "O'lcham", ru: '', en: '' });
    expect(draft.variants[0]).toMatchObject({
      discountedPrice: '80',
      image: '1',
      leadDays: '5',
      status: 'hidden',
    });
    expect(draft.variants[1]).toMatchObject({ discountedPrice: '', image: '' });
  });
});

describe('checkVariants', () => {
  const options = draftFromProduct(makeProduct({ options: [size] })).options;

  it('passes a good table and sends numbers, codes and labels trimmed', () => {
    const checked = checkVariants({
      options,
      variants: [
        row({ size: '120' }, { sku: 'A' }),
        row({ size: '140' }, { sku: 'B', discountedPrice: '90' }),
      ],
    });
    expect(checked.ok && checked.body.variants[1]).toMatchObject({
      sku: 'B',
      price: 100,
      discountedPrice: 90,
      stock: 1,
    });
    expect(checked.ok && checked.body.options[0]).toEqual(size);
  });

  it('puts field problems on their row and option', () => {
    const bad = { ...options[0]!, code: 'Size!' };
    const checked = checkVariants({
      options: [bad],
      variants: [row({ size: '120' }, { sku: 'bad sku', price: 'x' })],
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.options[0]?.code).toEqual({
      key: 'variants.errors.codeFormat',
      values: expect.anything(),
    });
    expect(checked.errors.rows[0]?.sku).toMatchObject({ key: 'variants.errors.skuFormat' });
    expect(checked.errors.rows[0]?.price).toMatchObject({ key: 'common:forms.number' });
  });

  it('words the cross-checks: a SKU twice, a combination twice, options with no variants', () => {
    const twice = checkVariants({
      options,
      variants: [row({ size: '120' }, { sku: 'a' }), row({ size: '140' }, { sku: 'A' })],
    });
    expect(!twice.ok && twice.errors.rows).toEqual({
      0: { sku: { key: 'variants.errors.skuTwice' } },
      1: { sku: { key: 'variants.errors.skuTwice' } },
    });
    const same = checkVariants({
      options,
      variants: [row({ size: '120' }, { sku: 'A' }), row({ size: '120' }, { sku: 'B' })],
    });
    expect(!same.ok && same.errors.rows[1]).toEqual({ values: { key: 'variants.errors.rowTwice' } });
    const none = checkVariants({ options, variants: [] });
    expect(!none.ok && none.errors.form).toEqual({ key: 'variants.errors.needVariant' });
  });
});

describe('serverVariantsErrors', () => {
  const rows = [row({ size: '120' }, { sku: 'A-1' }), row({ size: '140' }, { sku: 'B-2' })];
  it('puts SKU_TAKEN on the row its path names, or the row whose SKU the answer names', () => {
    const byPath = {
      status: 409,
      data: { code: 'SKU_TAKEN', message: 'taken', errors: [{ path: 'variants.1.sku', message: 'x' }] },
    };
    expect(serverVariantsErrors(byPath, rows).rows).toEqual({
      1: { sku: { key: 'common:errors.SKU_TAKEN' } },
    });
    const byText = {
      status: 409,
      data: { code: 'SKU_TAKEN', message: 'SKU A-1 is used by another product' },
    };
    expect(serverVariantsErrors(byText, rows).rows).toEqual({
      0: { sku: { key: 'common:errors.SKU_TAKEN' } },
    });
  });

  it('puts a 400 on the field it names, anything else on the editor', () => {
    const invalid = {
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        message: 'x',
        errors: [{ path: 'variants.0.leadDays', message: 'x' }],
      },
    };
    expect(serverVariantsErrors(invalid, rows).rows[0]).toEqual({
      leadDays: { key: 'variants.errors.refused' },
    });
    expect(serverVariantsErrors({ status: 500, data: {} }, rows).form).toEqual({
      key: 'variants.errors.saveFailed',
    });
  });
});
