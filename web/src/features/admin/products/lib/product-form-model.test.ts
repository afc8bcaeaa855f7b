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
  isNewProduct: true,
  isDiscounted: false,
  discounts: null,
  category: 'office',
  color: ['oq', 'qora'],
  productImages: ['a.jpg'],
  stock: 4,
  isDeleted: false,
  status: 'onPaused',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  rating: { average: null, count: 0 },
  ...over,
});

describe('product form model', () => {
  it('has the new-product defaults of spec §3', () => {
    expect(emptyProductForm()).toEqual({
      name: '',
      description: '',
      price: '0',
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
    });
  });

  it('defaults missing discount dates to today and today + 7 days when editing', () => {
    const now = new Date(2026, 10, 21, 15, 0);
    const values = productToFormValues(product(), now);
    expect(values.startDate).toBe('2026-11-21');
    expect(values.endDate).toBe('2026-11-28');
    expect(values).toMatchObject({
      price: '1000000',
      stock: '4',
      category: 'office',
      status: 'onPaused',
      color: ['oq', 'qora'],
      isNewProduct: true,
    });
  });

  it('keeps stored discount dates when editing', () => {
    const values = productToFormValues(
      product({
        isDiscounted: true,
        discounts: {
          type: 'fixed',
          value: 5000,
          startDate: new Date(2026, 0, 5, 0, 0).toISOString(),
          endDate: new Date(2026, 0, 9, 23, 59).toISOString(),
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
      category: 'school',
      stock: '0',
      color: "oq,ko'k",
      status: 'active',
      isDiscounted: 'false',
      isNewProduct: 'false',
    });
  });

  it('sends the discount as JSON only when the switch is on, empty value as "0", days as local day bounds', () => {
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
      startDate: new Date(2026, 10, 21, 0, 0, 0, 0).toISOString(),
      endDate: new Date(2026, 10, 28, 23, 59, 59, 999).toISOString(),
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
    expect(validateProductForm(emptyProductForm())).toEqual({
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
    expect(errors).toEqual({
      price: 'productForm.errors.priceInvalid',
      stock: 'productForm.errors.stockInvalid',
      discountValue: 'productForm.errors.percentMax',
      endDate: 'productForm.errors.endBeforeStart',
    });
  });
});
