import { labelIn, sku, type Language, type Product, type ProductOption } from '@shop/common';
import { activeVariants, canOrder } from '../../../lib/variant-choice';

/** The schema.org property an option's values are, when one fits its code. */
const SCHEMA_PROPERTY: Record<string, 'size' | 'color' | 'material' | 'pattern'> = {
  size: 'size',
  height: 'size',
  width: 'size',
  length: 'size',
  dimensions: 'size',
  colour: 'color',
  color: 'color',
  material: 'material',
  fabric: 'material',
  wood: 'material',
  pattern: 'pattern',
};

const propertyOf = (option: ProductOption) => SCHEMA_PROPERTY[option.code];

interface GroupContext {
  language: Language | string;
  /** Shipping and returns, as every offer of the page has them. */
  offerTerms: object;
  /** An absolute address of a storefront path in the page's language. */
  here: (path: string) => string;
}

/**
 * A product with variants as search engines read it: a `ProductGroup` whose `hasVariant` lists
 * each variant on sale as its own Product (SKU, values, offer) and whose `variesBy` names the
 * schema.org properties the options are. `base` is the page's Product data (name, reviews).
 */
export function variantGroupData(
  product: Product,
  base: Record<string, unknown> & { name: string; image: string[] },
  { language, offerTerms, here }: GroupContext,
) {
  // The group has no offer or SKU of its own: its variants have them.
  const shared: Record<string, unknown> = { ...base };
  delete shared.offers;
  delete shared.sku;
  const lang = language as Language;
  return {
    ...shared,
    '@type': 'ProductGroup',
    productGroupID: sku(product._id),
    variesBy: product.options.flatMap((option) => {
      const property = propertyOf(option);
      return property ? [`https://schema.org/${property}`] : [];
    }),
    hasVariant: activeVariants(product).map((variant) => {
      const values = product.options.map((option) => {
        const value = option.values.find((known) => known.code === variant.values[option.code]);
        return { option, label: value ? labelIn(value.label, lang) : (variant.values[option.code] ?? '') };
      });
      const photo = variant.image === undefined ? undefined : base.image[variant.image];
      const url = here(`/product/${product._id}?variant=${encodeURIComponent(variant.sku)}`);
      return {
        '@type': 'Product',
        name: `${base.name} (${values.map((value) => value.label).join(' · ')})`,
        sku: variant.sku,
        ...(photo ? { image: photo } : {}),
        ...Object.fromEntries(
          values.flatMap(({ option, label }) => {
            const property = propertyOf(option);
            return property ? [[property, label]] : [];
          }),
        ),
        offers: {
          '@type': 'Offer',
          price: variant.discountedPrice ?? variant.price,
          priceCurrency: 'UZS',
          availability:
            variant.stock > 0
              ? 'https://schema.org/InStock'
              : canOrder(variant)
                ? 'https://schema.org/MadeToOrder'
                : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          url,
          ...offerTerms,
        },
      };
    }),
  };
}
