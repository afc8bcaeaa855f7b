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
  'office-desk.svg': {
    options: [
      {
        code: 'size',
        name: label("O'lcham", 'Размер', 'Size'),
        values: [
          { code: '120x60', label: label('120×60 sm', '120×60 см', '120×60 cm') },
          { code: '140x70', label: label('140×70 sm', '140×70 см', '140×70 cm') },
        ],
      },
      {
        code: 'colour',
        name: label('Rang', 'Цвет', 'Colour'),
        values: [
          { code: 'oak', label: label('Sonoma eman', 'Дуб сонома', 'Sonoma oak'), swatch: '#c8a27a' },
          { code: 'white', label: label('Oq', 'Белый', 'White'), swatch: '#f2f2ef' },
        ],
      },
    ],
    variants: [
      { sku: 'OD-120-OAK', values: { size: '120x60', colour: 'oak' }, price: 1_650_000, stock: 8 },
      { sku: 'OD-120-WHT', values: { size: '120x60', colour: 'white' }, price: 1_650_000, stock: 5 },
      { sku: 'OD-140-OAK', values: { size: '140x70', colour: 'oak' }, price: 1_950_000, stock: 4 },
      { sku: 'OD-140-WHT', values: { size: '140x70', colour: 'white' }, price: 1_950_000, stock: 0 },
    ],
  },
  'ergonomic-office-chair.svg': {
    options: [
      {
        code: 'material',
        name: label('Qoplama', 'Обивка', 'Upholstery'),
        values: [
          { code: 'mesh', label: label("To'r mato", 'Сетка', 'Mesh'), swatch: '#2f3640' },
          { code: 'velour', label: label('Velyur', 'Велюр', 'Velour'), swatch: '#5b6b8c' },
          { code: 'boucle', label: label('Bukle', 'Букле', 'Bouclé'), swatch: '#e4ddd0' },
          { code: 'leather', label: label('Charm', 'Кожа', 'Leather'), swatch: '#6b3f2a' },
        ],
      },
    ],
    variants: [
      { sku: 'EC-MESH', values: { material: 'mesh' }, price: 2_400_000, stock: 12 },
      { sku: 'EC-VELOUR', values: { material: 'velour' }, price: 2_600_000, stock: 6 },
      { sku: 'EC-BOUCLE', values: { material: 'boucle' }, price: 2_700_000, stock: 3 },
      {
        sku: 'EC-LEATHER',
        values: { material: 'leather' },
        price: 3_900_000,
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
