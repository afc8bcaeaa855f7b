import { variantLabel, type Language } from '@shop/common';
import type { CartItem } from './cart-slice';

/** A line's variant in the shopper's language ("140 cm · Oak"), or '' for a plain product. */
export const lineLabel = (item: Pick<CartItem, 'product' | 'variant'>, language: string): string =>
  item.variant ? variantLabel(item.product.options, item.variant.values, language as Language) : '';

/** The product's name with its variant, as a message names the line. */
export const lineName = (name: string, label: string): string => (label ? `${name} (${label})` : name);
