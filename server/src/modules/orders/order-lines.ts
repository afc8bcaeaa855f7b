import {
  COLOUR_OPTION_CODE,
  activeDiscountedPrice,
  chooseVariant,
  variantLabels,
  type ErrorCode,
} from '@shop/common';
import type { ProductRow, ProductVariantRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { discountOf } from '../products/product-dto.js';
import { toVariantDto, variantDiscountedPrice } from '../products/variant-reads.js';

/** One line of a new order as the shopper sent it. */
export interface OrderItem {
  productId: string;
  color: string;
  quantity: number;
  /** An accepted quote's unit price, in place of the catalogue's. */
  quotedPrice?: number;
  /** The variant of a product with options, by id or by SKU. */
  variantId?: string;
  sku?: string;
}

/** A product's variants, locked with it, by product id. */
export type VariantsByProduct = ReadonlyMap<string, readonly ProductVariantRow[]>;

/** A 409 that says which line of the order failed, so the cart can point at it. */
const lineConflict = (code: ErrorCode, message: string, path: string) =>
  new AppError(409, code, message, [{ path, message }]);

/**
 * The variant a line means, for a product with options: by id or SKU, or by a colour naming
 * exactly one. None named is 400 VARIANT_REQUIRED; a hidden or unknown one 409 on the line.
 */
function variantOf(
  product: ProductRow,
  variants: readonly ProductVariantRow[],
  item: OrderItem,
  position: number,
  now: Date,
): ProductVariantRow {
  const choice = chooseVariant(
    product.options,
    variants.map((row) => toVariantDto(row, product, now)),
    item,
  );
  if ('variant' in choice) return variants.find((row) => row.id === choice.variant._id)!;
  if (choice.problem === 'VARIANT_REQUIRED') {
    const message = `Please choose a variant of ${product.name}`;
    throw new AppError(400, 'VARIANT_REQUIRED', message, [{ path: `items.${position}.variantId`, message }]);
  }
  const message = `This variant of ${product.name} is not available`;
  throw lineConflict('VARIANT_UNAVAILABLE', message, `items.${position}.variantId`);
}

/** A variant's colour in Uzbek, as a plain line's colour reads (exports, spec clients); '' without one. */
function colourOf(product: ProductRow, variant: ProductVariantRow): string {
  const option = product.options.find((known) => known.code === COLOUR_OPTION_CODE);
  const value = option?.values.find((known) => known.code === variant.values[option.code]);
  return value?.label.uz ?? '';
}

/** A plain product's colour must be one of its colours (any, when it lists none). */
function requireColour(product: ProductRow, item: OrderItem, position: number): void {
  if (product.color.length > 0 && !product.color.includes(item.color)) {
    const message = item.color
      ? `${product.name} is not available in ${item.color}`
      : `Please choose a colour of ${product.name}`;
    throw lineConflict('COLOR_UNAVAILABLE', message, `items.${position}.color`);
  }
}

/**
 * The lines of a new order, priced from the locked product and variant rows (never from the
 * client) with the discount running now; a product no longer on sale, or a colour it lacks, is a
 * 409 on its line. A variant's line is priced by the variant and names it as it reads now.
 */
export function pricedLines(
  orderId: string,
  items: readonly OrderItem[],
  byId: ReadonlyMap<string, ProductRow>,
  now: Date,
  variantsOf: VariantsByProduct = new Map(),
) {
  return items.map((item, position) => {
    const product = byId.get(item.productId);
    if (!product || product.isDeleted || product.status !== 'active') {
      const message = `${product?.name ?? 'A product'} is no longer available`;
      throw lineConflict('PRODUCT_UNAVAILABLE', message, `items.${position}`);
    }
    const line = { orderId, position, productId: product.id, quantity: item.quantity, stockTaken: null };
    if (product.options.length > 0) {
      const variant = variantOf(product, variantsOf.get(product.id) ?? [], item, position, now);
      return {
        ...line,
        color: colourOf(product, variant),
        price: variant.price,
        discountedPrice: item.quotedPrice ?? variantDiscountedPrice(variant, product, now),
        variantId: variant.id,
        sku: variant.sku,
        variantLabel: variantLabels(product.options, variant.values),
      };
    }
    requireColour(product, item, position);
    const discountedPrice =
      item.quotedPrice ??
      activeDiscountedPrice(
        { price: product.price, isDiscounted: product.isDiscounted, discounts: discountOf(product) },
        now,
      );
    return {
      ...line,
      color: item.color,
      price: product.price,
      discountedPrice,
      variantId: null,
      sku: null,
      variantLabel: null,
    };
  });
}

/** A product's codes for the receipt of an online payment. */
export const fiscalCodesOf = (product: ProductRow) => ({
  ikpu: product.ikpu,
  packageCode: product.packageCode,
  vatPercent: product.vatPercent,
});

/** Each product's total quantity against its locked stock: short is a 409 on its first line. */
export function checkStock(
  wanted: ReadonlyMap<string, number>,
  items: readonly OrderItem[],
  byId: ReadonlyMap<string, ProductRow>,
): void {
  for (const [productId, quantity] of wanted) {
    const product = byId.get(productId)!;
    if (product.stock < quantity) {
      const position = items.findIndex((item) => item.productId === productId);
      const message = `Not enough stock for ${product.name}: ${product.stock} left`;
      throw lineConflict('OUT_OF_STOCK', message, `items.${position}.quantity`);
    }
  }
}
