import { eq } from 'drizzle-orm';
import { derivedProductFields, newId, type ProductOption, type VariantValues } from '@shop/common';
import type { Db } from '../db/client.js';
import { productVariants, products } from '../db/schema.js';

interface DemoVariant {
  sku: string;
  values: VariantValues;
  price: number;
  stock: number;
  madeToOrder?: boolean;
  leadDays?: number;
}

interface DemoVariants {
  options: ProductOption[];
  variants: DemoVariant[];
}

const label = (uz: string, ru: string, en: string) => ({ uz, ru, en });

/** Demo products sold as variants, by their picture's file name. */
export const DEMO_VARIANTS: Readonly<Record<string, DemoVariants>> = {
  // Two widths and two colours; one combination sold out.
  'loft-shelving-rack.svg': {
    options: [
      {
        code: 'size',
        name: label('Oʻlcham', 'Размер', 'Size'),
        values: [
          { code: '80x35', label: label('80×35 sm', '80×35 см', '80×35 cm') },
          { code: '120x35', label: label('120×35 sm', '120×35 см', '120×35 cm') },
        ],
      },
      {
        code: 'colour',
        name: label('Rang', 'Цвет', 'Colour'),
        values: [
          { code: 'black', label: label('qora', 'Чёрный', 'Black'), swatch: '#1f1f1f' },
          { code: 'brown', label: label('jigarrang', 'Коричневый', 'Brown'), swatch: '#7a4a2a' },
        ],
      },
    ],
    variants: [
      { sku: 'LR-080-BLK', values: { size: '80x35', colour: 'black' }, price: 2_100_000, stock: 6 },
      { sku: 'LR-080-BRN', values: { size: '80x35', colour: 'brown' }, price: 2_100_000, stock: 4 },
      { sku: 'LR-120-BLK', values: { size: '120x35', colour: 'black' }, price: 2_700_000, stock: 4 },
      { sku: 'LR-120-BRN', values: { size: '120x35', colour: 'brown' }, price: 2_700_000, stock: 0 },
    ],
  },
  // Seats from stock; leather is sewn to order.
  'loft-bar-stool.svg': {
    options: [
      {
        code: 'material',
        name: label('Oʻrindiq', 'Сиденье', 'Seat'),
        values: [
          { code: 'wood', label: label('Yogʻoch', 'Дерево', 'Wood'), swatch: '#a0703c' },
          { code: 'velour', label: label('Velyur', 'Велюр', 'Velour'), swatch: '#5b6b8c' },
          { code: 'leather', label: label('Charm', 'Кожа', 'Leather'), swatch: '#6b3f2a' },
        ],
      },
    ],
    variants: [
      { sku: 'BS-WOOD', values: { material: 'wood' }, price: 650_000, stock: 24 },
      { sku: 'BS-VELOUR', values: { material: 'velour' }, price: 720_000, stock: 12 },
      {
        sku: 'BS-LEATHER',
        values: { material: 'leather' },
        price: 980_000,
        stock: 0,
        madeToOrder: true,
        leadDays: 30,
      },
    ],
  },
};

/** Gives a seeded product its demo options and variants, with the derived price, stock and colours. */
export async function seedDemoVariants(db: Db, productId: string, image: string): Promise<void> {
  const demo = DEMO_VARIANTS[image];
  if (!demo) return;
  await db.transaction(async (tx) => {
    await tx.insert(productVariants).values(
      demo.variants.map((variant, position) => ({
        id: newId(),
        productId,
        ...variant,
        madeToOrder: variant.madeToOrder ?? false,
        leadDays: variant.leadDays ?? 0,
        position,
      })),
    );
    const derived = derivedProductFields(
      demo.options,
      demo.variants.map((variant) => ({ ...variant, status: 'active' as const })),
    );
    // As the variant writer does: without a colour option the colours are the variants' to tell.
    await tx
      .update(products)
      .set({ options: demo.options, ...derived })
      .where(eq(products.id, productId));
  });
}
