import { formatSom, type Product } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';

const activeVariants = (product: Product) =>
  product.variants.filter((variant) => variant.status === 'active');

/** A product with variants in the list: its price range over the variants shown to shoppers. */
export function VariantPriceRange({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('admin');
  const prices = activeVariants(product).map((variant) => variant.price);
  if (prices.length === 0) return <span className="text-stone-500">—</span>;
  const from = Math.min(...prices);
  const to = Math.max(...prices);
  return (
    <span className="font-semibold">
      {from === to
        ? formatSom(from, i18n.language)
        : t('products.priceRange', {
            from: formatSom(from, i18n.language),
            to: formatSom(to, i18n.language),
          })}
    </span>
  );
}

/** The stock of the variants shown to shoppers, summed (hidden ones are not for sale). */
export const variantStock = (product: Product): number =>
  activeVariants(product).reduce((sum, variant) => sum + variant.stock, 0);

export function VariantCountBadge({ product }: { product: Product }) {
  const { t } = useTranslation('admin');
  return (
    <span className="rounded bg-sky-100 px-1.5 text-xs text-sky-900">
      {t('products.variantCount', { count: product.variants.length })}
    </span>
  );
}
