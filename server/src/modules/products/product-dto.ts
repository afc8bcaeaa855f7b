import {
  activeDiscountedPrice,
  localizedName,
  ratingSummary,
  type Language,
  type Product,
  type ProductSuggestion,
} from '@shop/common';
import type { ProductRow } from '../../db/schema.js';

type DiscountColumns = Pick<ProductRow, 'discountType' | 'discountValue' | 'discountStart' | 'discountEnd'>;

export function discountOf(row: DiscountColumns): Product['discounts'] {
  if (!row.discountType) return null;
  return {
    type: row.discountType,
    value: row.discountValue ?? 0,
    startDate: row.discountStart?.toISOString() ?? null,
    endDate: row.discountEnd?.toISOString() ?? null,
  };
}

/** The wire form of a product; `discountedPrice` is set only while the discount window is open. */
export function toProductDto(
  row: ProductRow,
  now: Date = new Date(),
  variants: Product['variants'] = [],
): Product {
  const discounts = discountOf(row);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    discountedPrice: activeDiscountedPrice(
      { price: row.price, isDiscounted: row.isDiscounted, discounts },
      now,
    ),
    assemblyPrice: row.assemblyPrice,
    isNewProduct: row.isNewProduct,
    isDiscounted: row.isDiscounted,
    discounts,
    category: row.category,
    color: row.color,
    productImages: row.productImages,
    images: row.productImages.flatMap((src) => row.imageVariants.filter((image) => image.src === src)),
    stock: row.stock,
    isDeleted: row.isDeleted,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rating: ratingSummary(row.ratingSum, row.ratingCount),
    translations: row.translations,
    ikpu: row.ikpu,
    packageCode: row.packageCode,
    vatPercent: row.vatPercent,
    options: row.options,
    variants,
  };
}

/** One line of the header's search-as-you-type: the name in the shopper's language, the price paid now. */
export function toSuggestion(
  row: DiscountColumns &
    Pick<ProductRow, 'id' | 'name' | 'translations' | 'price' | 'isDiscounted' | 'productImages'>,
  language: Language,
  now: Date,
): ProductSuggestion {
  return {
    _id: row.id,
    name: localizedName(row, language),
    price: row.price,
    discountedPrice: activeDiscountedPrice(
      { price: row.price, isDiscounted: row.isDiscounted, discounts: discountOf(row) },
      now,
    ),
    image: row.productImages[0] ?? null,
  };
}
