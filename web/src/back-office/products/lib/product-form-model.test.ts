import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/common';
import {
  emptyProductForm,
  productToFormValues,
  toProductFormData,
  validateProductForm,
} from './product-form-model';

const product = (over: Partial<Product> = {}): Product => ({
  _id: 'a'.repeat(24),
  name: 'Desk',
  description: 'A desk',
  price: 1_000_000,
  discountedPrice: null,
  assemblyPrice: 0,
  isNewProduct: true,
  isDiscounted: false,
  discounts: null,
  category: 'office',
  color: ['oq', 'qora'],
  productImages: ['a.jpg'],
  images: [],
  stock: 4,
  isDeleted: false,
  status: 'onPaused',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  rating: { average: null, count: 0 },
  translations: {},
  ikpu: null,
  packageCode: null,
  vatPercent: 12,
  options: [],
  variants: [],
  ...over,
});

describe('product form model', () => {
  it('has the new-product defaults', () => {
    expect(emptyProductForm()).toEqual({
      name: '',
      description: '',
      price: '0',
      assemblyPrice: '0',
      category: 'school',
      stock: '0',
      color: [],
      status: 'active',
      isDiscounted: false,
      isNewProduct: false,
      discountType: 'percentage',
      discountValue: '0',
      startDate: '',
      endDate: '',
      translations: { ru: { name: '', description: '' }, en: { name: '', description: '' } },
      ikpu: '',
      packageCode: '',
      vatPercent: '',
    });
  });

  it('defaults missing discount dates to the Tashkent today and today + 7 days when editing', () => {
    // 20:00 UTC is already the next day in Tashkent, whatever the browser's zone.
    expect(productToFormValues(product(), new Date('2026-11-20T20:00:00Z')).startDate).toBe('2026-11-21');
    const now = new Date('2026-11-21T10:00:00Z');
    const values = productToFormValues(product(), now);
    expect(values.startDate).toBe('2026-11-21');
    expect(values.endDate).toBe('2026-11-28');
    expect(values).toMatchObject({
      price: '1000000',
      assemblyPrice: '0',
      stock: '4',
      category: 'office',
      status: 'onPaused',
      color: ['oq', 'qora'],
      isNewProduct: true,
    });
  });

  it('keeps stored discount dates when editing, as Tashkent days', () => {
    const values = productToFormValues(
      product({
        isDiscounted: true,
        discounts: {
          type: 'fixed',
          value: 5000,
          startDate: '2026-01-04T19:00:00.000Z',
          endDate: '2026-01-09T18:59:59.999Z',
        },
      }),
    );
    expect(values).toMatchObject({
      isDiscounted: true,
      discountType: 'fixed',
      discountValue: '5000',
      startDate: '2026-01-05',
      endDate: '2026-01-09',
    });
  });

  it('sends empty numbers as "0" and leaves the discount out when the switch is off', () => {
    const form = toProductFormData({
      ...emptyProductForm(),
      name: ' Chair ',
      description: 'Nice',
      price: '',
      stock: ' ',
      color: ['oq', "ko'k"],
    });
    expect(Object.fromEntries(form.entries())).toEqual({
      name: 'Chair',
      description: 'Nice',
      price: '0',
      assemblyPrice: '0',
      category: 'school',
      stock: '0',
      color: "oq,ko'k",
      status: 'active',
      isDiscounted: 'false',
      isNewProduct: 'false',
      translations: '{"ru":{"name":"","description":""},"en":{"name":"","description":""}}',
      ikpu: '',
      packageCode: '',
    });
  });

  it('sends the fiscal codes and rate, and checks their format with the server schema', () => {
    const values = { ...emptyProductForm(), name: 'Stol', description: 'Yaxshi', price: '10' };
    const form = toProductFormData({
      ...values,
      ikpu: ' 09403001001000000 ',
      packageCode: '1514296',
      vatPercent: '0',
    });
    expect(form.get('ikpu')).toBe('09403001001000000');
    expect(form.get('packageCode')).toBe('1514296');
    expect(form.get('vatPercent')).toBe('0');
    expect(validateProductForm({ ...values, ikpu: '0940300100100000' }).ikpu).toMatchObject({
      key: 'productForm.errors.ikpuFormat',
    });
    expect(validateProductForm({ ...values, packageCode: '15-14' }).packageCode).toMatchObject({
      key: 'productForm.errors.packageCodeFormat',
    });
    expect(validateProductForm({ ...values, ikpu: '09403001001000000', packageCode: '1' })).toEqual({});
  });

  it('takes a price written as the shop displays it, and refuses spaces that group nothing', () => {
    const values = { ...emptyProductForm(), name: 'Divan', description: 'Yumshoq' };
    for (const price of ['2 450 000', '2\u00a0450\u00a0000', "2 450 000 so'm", '2 450 000 soʻm', '2450000'])
      expect(validateProductForm({ ...values, price }), price).toEqual({});
    expect(validateProductForm({ ...values, price: '24 50 000' }).price).toMatchObject({
      key: 'productForm.errors.priceInvalid',
    });
  });

  it('sends the Russian and English text, trimmed, and leaves it out of an edit that did not touch it', () => {
    const values = {
      ...emptyProductForm(),
      name: 'Stol',
      description: 'Yaxshi',
      translations: { ru: { name: ' Стол ', description: '' }, en: { name: 'Table', description: 'Good' } },
    };
    expect(JSON.parse(String(toProductFormData(values).get('translations')))).toEqual({
      ru: { name: 'Стол', description: '' },
      en: { name: 'Table', description: 'Good' },
    });
    expect(toProductFormData(values, { initial: values }).has('translations')).toBe(false);
    const edited = productToFormValues(product({ translations: { ru: { name: 'Стол' } } }));
    expect(edited.translations).toEqual({
      ru: { name: 'Стол', description: '' },
      en: { name: '', description: '' },
    });
  });

  it('sends the discount as JSON only when the switch is on, empty value as "0", days as plain Tashkent days', () => {
    const form = toProductFormData({
      ...emptyProductForm(),
      name: 'Chair',
      description: 'Nice',
      isDiscounted: true,
      discountType: 'fixed',
      discountValue: '',
      startDate: '2026-11-21',
      endDate: '2026-11-28',
    });
    expect(form.get('isDiscounted')).toBe('true');
    expect(JSON.parse(String(form.get('discounts')))).toEqual({
      type: 'fixed',
      value: '0',
      startDate: '2026-11-21',
      endDate: '2026-11-28',
    });
  });

  it('on edit sends only what the staff changed, so a save never writes back a stale stock', () => {
    const initial = productToFormValues(product({ stock: 4, price: 1_000_000 }));
    const form = toProductFormData({ ...initial, price: '1200000' }, { initial });
    expect(Object.fromEntries(form.entries())).toEqual({ price: '1200000' });
  });

  it('on edit sends the discount switch with its details when any of them changed', () => {
    const initial = productToFormValues(product());
    const form = toProductFormData(
      { ...initial, isDiscounted: true, discountType: 'percentage', discountValue: '10' },
      { initial },
    );
    expect(form.get('isDiscounted')).toBe('true');
    expect(JSON.parse(String(form.get('discounts')))).toMatchObject({ type: 'percentage', value: '10' });
    expect(form.has('stock')).toBe(false);
    expect(form.has('name')).toBe(false);
  });

  it('on edit with nothing changed sends only the new images', () => {
    const initial = productToFormValues(product());
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const form = toProductFormData(initial, { initial, files: [file] });
    expect([...form.keys()]).toEqual(['productImages']);
  });

  it('adds files and the images to delete', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const form = toProductFormData(
      { ...emptyProductForm(), name: 'n', description: 'd' },
      { files: [file, file], imagesToDelete: ['old.jpg'] },
    );
    expect(form.getAll('productImages')).toHaveLength(2);
    expect(form.get('imagesToDelete')).toBe('["old.jpg"]');
  });

  it('requires name and description and checks the numbers', () => {
    const keysOf = (found: ReturnType<typeof validateProductForm>) =>
      Object.fromEntries(
        Object.entries(found).map(([field, error]) => [field, (error as { key: string }).key]),
      );
    expect(keysOf(validateProductForm(emptyProductForm()))).toEqual({
      name: 'productForm.errors.nameRequired',
      description: 'productForm.errors.descriptionRequired',
    });
    const errors = validateProductForm({
      ...emptyProductForm(),
      name: 'n',
      description: 'd',
      price: 'abc',
      stock: '1.5',
      isDiscounted: true,
      discountValue: '150',
      startDate: '2026-02-02',
      endDate: '2026-02-01',
    });
    expect(keysOf(errors)).toEqual({
      price: 'productForm.errors.priceInvalid',
      stock: 'productForm.errors.stockInvalid',
      discountValue: 'productForm.errors.percentMax',
      endDate: 'productForm.errors.endBeforeStart',
    });
  });
});
