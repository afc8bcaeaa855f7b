import { describe, expect, it } from 'vitest';
import { numericField } from './common.js';
import { orderCreateSchema, orderPatchSchema } from './order.js';
import { colorListField, productFormSchema, productListQuerySchema, productUpdateSchema } from './product.js';
import { REVIEW_LIMITS, WISHLIST_MAX_ITEMS } from '../ratings.js';
import { reviewCreateSchema } from './review.js';
import { instalmentCheckSchema } from './instalment.js';
import { passwordResetSchema, phoneCodeRequestSchema } from './phone-code.js';
import { quoteCreateSchema } from './quote.js';
import { loginSchema, signUpSchema, userCreateSchema, userUpdateSchema } from './user.js';
import { wishlistMergeSchema } from './wishlist.js';

const form = { name: 'Desk', description: 'Oak', price: '1250000', category: 'office', stock: '5' };

describe('product form', () => {
  it('reads multipart strings with the product defaults', () => {
    expect(productFormSchema.parse(form)).toEqual({
      name: 'Desk',
      description: 'Oak',
      price: 1_250_000,
      assemblyPrice: 0,
      category: 'office',
      stock: 5,
      color: [],
      status: 'active',
      isDiscounted: false,
      isNewProduct: false,
    });
  });

  it.each([
    ['2 450 000', 2_450_000],
    ['2\u202f450\u202f000 soʻm', 2_450_000],
    ['1 250 000 сум', 1_250_000],
    ['999', 999],
    ['1250000.6', 1_250_001],
  ])('reads the price %j as %i', (price, expected) => {
    expect(productFormSchema.parse({ ...form, price }).price).toBe(expected);
  });

  it.each(['24 50 000', '2 450 000 $', '2,450,000', ''])('refuses the price %j', (price) => {
    expect(productFormSchema.safeParse({ ...form, price }).success).toBe(false);
  });

  it.each([
    ['oq, qora ,oq', ['oq', 'qora']],
    ['["oq","ko\'k"]', ['oq', "ko'k"]],
    [
      ['oq', 'sariq'],
      ['oq', 'sariq'],
    ],
    ['', []],
    [' , ', []],
  ])('reads colours %j', (raw, colors) => {
    expect(colorListField.parse(raw)).toEqual(colors);
  });

  it('refuses colour keys that could carry markup', () => {
    expect(colorListField.safeParse('<script>').success).toBe(false);
  });

  it('parses discounts sent as JSON and makes a plain end date cover its whole Tashkent day', () => {
    const parsed = productFormSchema.parse({
      ...form,
      isDiscounted: 'true',
      discounts: '{"type":"percentage","value":"15","startDate":"2026-11-01","endDate":"2026-11-30"}',
    });
    expect(parsed.discounts).toEqual({
      type: 'percentage',
      value: 15,
      startDate: '2026-10-31T19:00:00.000Z',
      endDate: '2026-11-30T18:59:59.999Z',
    });
  });

  it.each([
    ['price', '-1'],
    ['price', 'abc'],
    ['price', '1e12'],
    ['stock', '1.5'],
    ['stock', '-3'],
    ['category', 'kitchen'],
    ['status', 'paused'],
    ['name', ''],
    ['name', 'x'.repeat(201)],
    ['discounts', '{"type":"percentage","value":101}'],
    ['discounts', '{"type":"half","value":1}'],
    ['discounts', '{"type":"fixed","value":1,"startDate":"2026-11-30","endDate":"2026-11-01"}'],
    ['discounts', '{not json'],
  ])('refuses %s = %j', (field, value) => {
    expect(productFormSchema.safeParse({ ...form, [field]: value }).success).toBe(false);
  });

  it('fills no defaults into an update, so it changes only what was sent', () => {
    expect(productUpdateSchema.parse({ price: '5' })).toEqual({ price: 5 });
  });

  it("rounds a price with decimals to whole so'm", () => {
    expect(productFormSchema.parse({ ...form, price: '1000.6' }).price).toBe(1001);
  });
});

describe('product list query', () => {
  it('defaults to active products, page 1, with no explicit sort (newest, or relevance when searching)', () => {
    const query = productListQuerySchema.parse({});
    expect(query).toMatchObject({ page: 1, limit: 10, status: 'active' });
    expect(query.sort).toBeUndefined();
  });
  it.each([
    { limit: '101' },
    { page: '0' },
    { category: 'garden' },
    { sort: 'cheap' },
    { status: 'deleted' },
    { isDiscounted: 'yes' },
  ])('refuses %j', (query) => {
    expect(productListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('order payload', () => {
  const item = { productId: '0a1b2c3d4e5f60718293a4b5', quantity: 2, color: 'oq', price: 1 };
  it('normalizes the phone and keeps the lines', () => {
    const parsed = orderCreateSchema.parse({
      customerName: ' Ali ',
      phoneNumber: '90 123-45-67',
      items: [item],
      totalAmount: 2,
    });
    expect(parsed).toMatchObject({ customerName: 'Ali', phoneNumber: '+998901234567', items: [item] });
  });
  const base = { customerName: 'Ali', phoneNumber: '901234567', items: [item] };
  it.each([
    ['an empty name', { ...base, customerName: '' }],
    ['a short phone', { ...base, phoneNumber: '12345' }],
    ['no lines', { ...base, items: [] }],
    ['quantity 0', { ...base, items: [{ ...item, quantity: 0 }] }],
    ['quantity 1.5', { ...base, items: [{ ...item, quantity: 1.5 }] }],
    ['a malformed product id', { ...base, items: [{ ...item, productId: 'nope' }] }],
    ['51 lines', { ...base, items: Array.from({ length: 51 }, () => item) }],
  ])('refuses %s', (_label, body) => {
    expect(orderCreateSchema.safeParse(body).success).toBe(false);
  });
  it('needs something to change in a patch', () => {
    expect(orderPatchSchema.safeParse({}).success).toBe(false);
    expect(orderPatchSchema.safeParse({ status: 'ordered' }).success).toBe(true);
    expect(orderPatchSchema.safeParse({ status: 'shipped' }).success).toBe(false);
  });
  it('accepts a line product as an id or as the object the list returned', () => {
    const parsed = orderPatchSchema.parse({
      products: [
        { product: { _id: item.productId, name: 'x' }, color: 'oq', quantity: '3', discountedPrice: null },
      ],
    });
    expect(parsed.products?.[0]).toEqual({
      product: item.productId,
      color: 'oq',
      quantity: 3,
      discountedPrice: null,
    });
  });
});

describe('users', () => {
  it("use the forms' messages", () => {
    const result = signUpSchema.safeParse({ fullName: 'A', phoneNumber: '90123456', password: '123' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('Please enter a valid phone number');
    expect(messages).toContain('Password must be at least 6 characters long');
  });
  it('keep the password when the edit leaves it blank', () => {
    expect(userUpdateSchema.parse({ password: '' })).toEqual({ password: '' });
    expect(userUpdateSchema.safeParse({ password: '123' }).success).toBe(false);
    expect(userUpdateSchema.safeParse({ role: 'customer' }).success).toBe(false);
  });
});

describe('numericField', () => {
  it('reads numbers and text holding numbers', () => {
    expect(numericField.parse(12)).toBe(12);
    expect(numericField.parse(' 12.5 ')).toBe(12.5);
    expect(numericField.parse('-3')).toBe(-3);
  });
  it.each([true, false, null, '', '  ', '1e3', '12abc', '0x10', undefined])('refuses %j', (value) => {
    expect(numericField.safeParse(value).success).toBe(false);
  });
});

describe('review form', () => {
  it('trims the text and keeps markup as typed', () => {
    expect(reviewCreateSchema.parse({ rating: 5, text: '  <b>Zo‘r</b> parta  ' })).toEqual({
      rating: 5,
      text: '<b>Zo‘r</b> parta',
    });
  });

  it.each([
    [{ rating: 0, text: 'Yaxshi' }, 'rating'],
    [{ rating: 6, text: 'Yaxshi' }, 'rating'],
    [{ rating: 2.5, text: 'Yaxshi' }, 'rating'],
    [{ rating: '5', text: 'Yaxshi' }, 'rating'],
    [{ rating: null, text: 'Yaxshi' }, 'rating'],
    [{ text: 'Yaxshi' }, 'rating'],
    [{ rating: 4 }, 'text'],
    [{ rating: 4, text: '' }, 'text'],
    [{ rating: 4, text: '   \n ' }, 'text'],
    [{ rating: 4, text: 'ok' }, 'text'],
    [{ rating: 4, text: 'a'.repeat(REVIEW_LIMITS.maxTextLength + 1) }, 'text'],
    [{ rating: 4, text: 42 }, 'text'],
  ])('refuses %j, naming %s', (body, field) => {
    const result = reviewCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });

  it('takes exactly the longest text allowed, counted after trimming', () => {
    const longest = 'a'.repeat(REVIEW_LIMITS.maxTextLength);
    expect(reviewCreateSchema.safeParse({ rating: 1, text: `  ${longest}  ` }).success).toBe(true);
  });
});

describe('wishlist merge', () => {
  it('takes up to the list size of ids, of any form (unknown ones are skipped later)', () => {
    const ids = Array.from({ length: WISHLIST_MAX_ITEMS }, (_, i) => `id-${i}`);
    expect(wishlistMergeSchema.safeParse({ productIds: ids }).success).toBe(true);
    expect(wishlistMergeSchema.safeParse({ productIds: [...ids, 'one-more'] }).success).toBe(false);
    expect(wishlistMergeSchema.safeParse({ productIds: 'abc' }).success).toBe(false);
  });
});

describe('every phone field', () => {
  const fields = {
    order: orderCreateSchema.shape.phoneNumber,
    quote: quoteCreateSchema.shape.contact.shape.phoneNumber,
    instalments: instalmentCheckSchema.shape.phoneNumber,
    signUp: signUpSchema.shape.phoneNumber,
    logIn: loginSchema.shape.phoneNumber,
    code: phoneCodeRequestSchema.shape.phoneNumber,
    reset: passwordResetSchema.shape.phoneNumber,
    staffAccount: userCreateSchema.shape.phoneNumber,
  };
  it.each(Object.entries(fields))(
    '%s takes the number in each format the placeholders show',
    (_name, field) => {
      for (const written of ['901112233', '90 111 22 33', '+998 90 111 22 33', '+998901112233'])
        expect(field.parse(written)).toBe('+998901112233');
      expect(field.safeParse('90 111 22 3').success).toBe(false);
    },
  );
});
