import type {
  Order,
  PlacedOrder,
  PrivacyDocument,
  Product,
  ProductVariant,
  SessionUser,
  VariantValues,
} from '@shop/common';

let counter = 0;
const hexId = () => {
  counter += 1;
  return `a1b2c3d4e5f6${String(counter).padStart(12, '0')}`;
};

export function makeProduct(override: Partial<Product> = {}): Product {
  return {
    _id: hexId(),
    name: 'Maktab partasi',
    description: 'Ikki kishilik maktab partasi',
    price: 450_000,
    discountedPrice: null,
    assemblyPrice: 0,
    isNewProduct: false,
    isDiscounted: false,
    discounts: null,
    category: 'school',
    color: ['oq', "ko'k"],
    productImages: ['/uploads/products/desk.webp'],
    images: [],
    stock: 10,
    isDeleted: false,
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    rating: { average: null, count: 0 },
    translations: {},
    ikpu: '09403001001000000',
    packageCode: '1514296',
    vatPercent: 12,
    options: [],
    variants: [],
    ...override,
  };
}

export function makeUser(override: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: hexId(),
    fullName: 'Aziz Karimov',
    name: 'Aziz Karimov',
    phoneNumber: '+998901234567',
    role: 'customer',
    phoneVerified: false,
    lastActiveAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...override,
  };
}

export function makeOrder(override: Partial<Order> = {}): Order {
  const id = hexId();
  return {
    _id: id,
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    status: 'new',
    total: 900_000,
    notes: '',
    customer: { fullName: 'Aziz Karimov', phoneNumber: '+998901234567' },
    products: [
      {
        product: {
          _id: hexId(),
          name: 'Maktab partasi',
          productImages: ['/uploads/products/desk.webp'],
          translations: {},
        },
        color: 'oq',
        quantity: 2,
        price: 450_000,
        discountedPrice: null,
      },
    ],
    payment: { method: 'cash', status: 'unpaid', paidAt: null },
    delivery: { method: 'arrange', assembly: false, fee: 0, assemblyFee: 0, carryFee: 0, status: 'awaiting' },
    ...override,
  };
}

/** The answer to placing an order: the order and its key, given only this once. */
export const TEST_ORDER_KEY = 'T3st-0rder-key_0123456';
export function makePlacedOrder(override: Partial<Order> = {}): PlacedOrder {
  return { ...makeOrder(override), orderKey: TEST_ORDER_KEY };
}

/** The privacy text as GET /api/privacy answers it (config/privacy-text.ts writes it this way). */
export const TEST_PRIVACY: PrivacyDocument = {
  version: 'a1b2c3d4e5f6',
  text: {
    uz: "Shaxsiy ma'lumotlar bilan ishlash\n\nMa'lumotlaringizni Mebel Shop MChJ qayta ishlaydi.\n\nNima uchun:\n- buyurtmani yetkazib berish",
    ru: 'Обработка персональных данных\n\nВаши данные обрабатывает Mebel Shop MChJ.\n\nЗачем:\n- доставить заказ',
    en: 'Handling of personal data\n\nYour data is processed by Mebel Shop MChJ.\n\nWhy:\n- to deliver the order',
  },
};

/**
 * A desk in two sizes and two colours: 120 × oak (the cheapest), 120 × white sold out, 140 × oak on
 * its own sale, no 140 × white; a made-to-order 160 × oak.
 */
export function makeVariantDesk(override: Partial<Product> = {}): Product {
  const variant = (sku: string, values: VariantValues, facts: Partial<ProductVariant>): ProductVariant => ({
    _id: hexId(),
    sku,
    values,
    price: 1_000_000,
    discountedPrice: null,
    stock: 3,
    madeToOrder: false,
    leadDays: 0,
    status: 'active',
    ...facts,
  });
  return makeProduct({
    name: 'Ofis stoli',
    price: 1_000_000,
    color: ['Eman', 'Oq'],
    stock: 5,
    productImages: ['/uploads/products/desk.webp', '/uploads/products/desk-white.webp'],
    options: [
      {
        code: 'size',
        name: { uz: 'Oʻlcham', ru: 'Размер', en: 'Size' },
        values: [
          { code: '120', label: { uz: '120 sm', ru: '120 см', en: '120 cm' } },
          { code: '140', label: { uz: '140 sm', ru: '140 см', en: '140 cm' } },
          { code: '160', label: { uz: '160 sm', ru: '160 см', en: '160 cm' } },
        ],
      },
      {
        code: 'colour',
        name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' },
        values: [
          { code: 'oak', label: { uz: 'Eman', ru: 'Дуб', en: 'Oak' }, swatch: '#a0522d' },
          { code: 'white', label: { uz: 'Oq', ru: 'Белый', en: 'White' }, swatch: 1 },
        ],
      },
    ],
    variants: [
      variant('DESK-120-OAK', { size: '120', colour: 'oak' }, {}),
      variant('DESK-120-WHITE', { size: '120', colour: 'white' }, { price: 1_100_000, stock: 0, image: 1 }),
      variant(
        'DESK-140-OAK',
        { size: '140', colour: 'oak' },
        { price: 1_300_000, discountedPrice: 1_200_000, stock: 2 },
      ),
      variant(
        'DESK-160-OAK',
        { size: '160', colour: 'oak' },
        { price: 1_500_000, stock: 0, madeToOrder: true, leadDays: 30 },
      ),
    ],
    ...override,
  });
}
