import { activeDiscountedPrice, type ErrorCode } from '@shop/common';
import type { ProductRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { discountOf } from '../products/product-dto.js';

/** One line of a new order as the shopper sent it. */
export interface OrderItem {
  productId: string;
  color: string;
  quantity: number;
  /** An accepted quote's unit price, in place of the catalogue's. */
  quotedPrice?: number;
}

/** A 409 that says which line of the order failed, so the cart can point at it. */
const lineConflict = (code: ErrorCode, message: string, path: string) =>
  new AppError(409, code, message, [{ path, message }]);

/**
 * The lines of a new order, priced from the locked product rows (never from the client) with the
 * discount running now; a product no longer on sale, or a colour it lacks, is a 409 on its line.
 */
export function pricedLines(
  orderId: string,
  items: readonly OrderItem[],
  byId: ReadonlyMap<string, ProductRow>,
  now: Date,
) {
  return items.map((item, position) => {
    const product = byId.get(item.productId);
    if (!product || product.isDeleted || product.status !== 'active') {
      const message = `${product?.name ?? 'A product'} is no longer available`;
      throw lineConflict('PRODUCT_UNAVAILABLE', message, `items.${position}`);
    }
    if (product.color.length > 0 && !product.color.includes(item.color)) {
      const message = item.color
        ? `${product.name} is not available in ${item.color}`
        : `Please choose a colour of ${product.name}`;
      throw lineConflict('COLOR_UNAVAILABLE', message, `items.${position}.color`);
    }
    const discountedPrice =
      item.quotedPrice ??
      activeDiscountedPrice(
        { price: product.price, isDiscounted: product.isDiscounted, discounts: discountOf(product) },
        now,
      );
    return {
      orderId,
      position,
      productId: product.id,
      color: item.color,
      quantity: item.quantity,
      price: product.price,
      discountedPrice,
      variantId: null,
      sku: null,
      variantLabel: null,
      stockTaken: null,
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
