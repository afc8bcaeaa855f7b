import { Suspense, useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { formatSom, sku, type Product, type ProductPageFacts, type ProductVariant } from '@shop/common';
import { PageSpinner } from '../../components/ui/spinner';
import { StarRating } from '../../components/ui/star-rating';
import { laterPart } from '../../lib/later-part';
import { toast } from '../../lib/toast';
import { useGetProductQuery } from '../../entities/product/catalogue-api';
import { MonthlyPrice } from '../../entities/product/monthly-price';
import { PriceTag } from '../../entities/product/price-tag';
import { priceView } from '../../entities/product/price-view';
import { useProductText } from '../../entities/product/product-text';
import { SavedHeart } from '../../entities/product/saved-heart';
import { defaultVariant, productAs, variantBySku } from '../../lib/variant-choice';
import { AddToCartForm } from './components/add-to-cart-form';
import { ProductGallery } from './components/product-gallery';
import { ProductHead } from './components/product-head';
import { VariantPicker } from './components/variant-picker';

// Parts that hydrate after the add-to-cart form, from their own chunks (lib/later-part.ts); their
// server HTML shows meanwhile.
/** Below the fold, with its form, stars picker and pager (~4 KB gzip). */
const ProductReviews = laterPart('reviews', () =>
  import('./components/reviews/product-reviews').then((module) => module.ProductReviews),
);
/** The delivery quote and its region picker, with the delivery rules (~3 KB gzip). */
const DeliveryEstimate = laterPart('delivery', () =>
  import('../../entities/delivery/delivery-estimate').then((module) => module.DeliveryEstimate),
);
/** Only while a sale runs; ticks once it has hydrated. */
const SaleCountdown = laterPart('countdown', () =>
  import('./components/sale-countdown').then((module) => module.SaleCountdown),
);

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['storefront', 'common']);
  const navigate = useNavigate();
  const { data: product, isLoading, isError } = useGetProductQuery(id, { skip: !id });
  // The server's loader found no such product (its 404 page).
  const loaded = useLoaderData() as { missing?: boolean; facts?: ProductPageFacts } | null | undefined;
  const missing = Boolean(loaded?.missing);

  useEffect(() => {
    if (isError || !id) {
      toast.error(t('product.notFound'), { toastId: `product-not-found-${id}` });
      navigate('/products', { replace: true });
    }
  }, [isError, id, navigate, t]);

  // Said in the page too: a server-rendered 404 shows it, before the app is up or without it.
  if (isError || missing)
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center text-stone-700">
        <p>{t('product.notFound')}</p>
        <Link to="/products" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
          {t('common:nav.products')}
        </Link>
      </div>
    );
  if (isLoading || !product) return <PageSpinner />;
  return <ProductDetail key={product._id} product={product} facts={loaded?.facts} />;
}

/**
 * The variant on show: the one the address names (`?variant={sku}`, server-rendered too), else the
 * cheapest orderable one. A pick rewrites the address in place, so it can be shared and reloaded.
 */
function useChosenVariant(product: Product) {
  const [params] = useSearchParams();
  const [named, setNamed] = useState(() => variantBySku(product, params.get('variant')));
  const pick = (variant: ProductVariant) => {
    setNamed(variant);
    const url = new URL(window.location.href);
    url.searchParams.set('variant', variant.sku);
    window.history.replaceState(window.history.state, '', url);
  };
  return { named, variant: named ?? defaultVariant(product), pick };
}

export function ProductDetail({ product: group, facts }: { product: Product; facts?: ProductPageFacts }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const { named, variant, pick } = useChosenVariant(group);
  const product = variant ? productAs(group, variant) : group;
  const view = priceView(product);
  const inStock = product.stock > 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ProductHead product={group} variant={named} facts={facts} />
      <Breadcrumb product={group} />
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery
          key={`photo-${variant?.image ?? 0}`}
          product={group}
          view={view}
          start={variant?.image ?? 0}
        />
        <section className="flex flex-col gap-5">
          <div>
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{text.name(product)}</h1>
              <SavedHeart product={product} size={22} className="shrink-0 border border-stone-200" />
            </div>
            <div className="mt-2 flex items-center gap-3">
              <StarRating rating={product.rating} />
              {product.rating.count > 0 && (
                <a href="#reviews" className="text-sm text-brand-700 hover:underline">
                  {t('reviews.count', { count: product.rating.count })}
                </a>
              )}
            </div>
          </div>
          <div>
            <PriceTag view={view} large />
            <MonthlyPrice amount={view.discountedPrice ?? view.price} detailed />
            {view.discountedPrice !== null && (
              <p className="mt-1 text-sm font-medium text-emerald-800">
                {t('product.save', { amount: formatSom(view.savings, i18n.language) })}
              </p>
            )}
          </div>
          {view.discountedPrice !== null && (
            <Suspense fallback={null}>
              <SaleCountdown endDate={product.discounts?.endDate} />
            </Suspense>
          )}
          <p className="whitespace-pre-line leading-relaxed text-stone-700">{text.description(product)}</p>
          {variant && <VariantPicker product={group} variant={variant} onPick={pick} />}
          {variant ? (
            <StockNote variant={variant} />
          ) : (
            <p className={`font-medium ${inStock ? 'text-emerald-800' : 'text-red-700'}`}>
              {inStock ? t('product.inStock', { count: product.stock }) : t('product.outOfStock')}
            </p>
          )}
          <AddToCartForm key={variant?._id} product={product} variant={variant} />
          {inStock && (
            <Suspense fallback={<div className="min-h-7" />}>
              <DeliveryEstimate
                items={[{ productId: product._id, quantity: 1, ...(variant && { variantId: variant._id }) }]}
              />
            </Suspense>
          )}
          {product.assemblyPrice > 0 && (
            <p className="text-sm text-stone-700">
              {t('product.assemblyOffered', { price: formatSom(product.assemblyPrice, i18n.language) })}
            </p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-stone-200 pt-4 text-sm">
            <dt className="text-stone-600">{t('product.sku')}</dt>
            <dd className="font-mono">{variant?.sku ?? sku(product._id)}</dd>
            <dt className="text-stone-600">{t('product.category')}</dt>
            <dd>
              <CategoryLink product={product} className="text-brand-700 hover:underline" />
            </dd>
          </dl>
        </section>
      </div>
      <Suspense fallback={null}>
        <ProductReviews product={product} />
      </Suspense>
    </div>
  );
}

/** Stock left, and for a made-to-order variant the days it takes to make. */
function StockNote({ variant }: { variant: ProductVariant }) {
  const { t } = useTranslation('storefront');
  const { stock, madeToOrder } = variant;
  return (
    <div className="font-medium" data-testid="stock-note">
      {(stock > 0 || !madeToOrder) && (
        <p className={stock > 0 ? 'text-emerald-800' : 'text-red-700'}>
          {stock > 0 ? t('product.inStock', { count: stock }) : t('product.outOfStock')}
        </p>
      )}
      {madeToOrder && (
        <p className="text-amber-800">{t('variant.madeToOrder', { count: variant.leadDays })}</p>
      )}
    </div>
  );
}

function CategoryLink({ product, className }: { product: Product; className: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to={`/products?category=${product.category}`} className={className}>
      {t(`categories.${product.category}.name`)}
    </Link>
  );
}

/** Home / the product's category / the product. */
function Breadcrumb({ product }: { product: Product }) {
  const { t } = useTranslation('common');
  const text = useProductText();
  return (
    <nav aria-label={t('nav.breadcrumb')} className="mb-6 text-sm text-stone-600">
      <Link to="/" className="hover:underline">
        {t('nav.home')}
      </Link>
      <span aria-hidden="true"> / </span>
      <CategoryLink product={product} className="hover:underline" />
      <span aria-hidden="true"> / </span>
      <span className="text-stone-900">{text.name(product)}</span>
    </nav>
  );
}
