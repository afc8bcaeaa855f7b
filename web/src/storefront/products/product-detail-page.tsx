import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { formatSom, imageUrl, sku, thumbnailUrl, type Product } from '@shop/common';
import { useGetProductQuery } from '../../entities/product/catalogue-api';
import { PageSpinner } from '../../components/ui/spinner';
import { ProductImage } from '../../components/ui/product-image';
import { StarRating } from '../../components/ui/star-rating';
import { SavedHeart } from '../../entities/product/saved-heart';
import { ColorDot, useColorName } from '../../components/ui/color-swatch';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { useDispatch } from 'react-redux';
import { addItem } from '../../entities/cart/cart-slice';
import { priceView } from '../../entities/product/price-view';
import { PriceTag } from '../../entities/product/price-tag';
import { SaleCountdown } from './components/sale-countdown';
import { ProductReviews } from './components/reviews/product-reviews';
import { ProductHead } from './components/product-head';
import { useProductText } from '../../entities/product/product-text';

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('storefront');
  const navigate = useNavigate();
  const { data: product, isLoading, isError } = useGetProductQuery(id, { skip: !id });

  useEffect(() => {
    if (isError || !id) {
      toast.error(t('product.notFound'), { toastId: `product-not-found-${id}` });
      navigate('/products', { replace: true });
    }
  }, [isError, id, navigate, t]);

  if (isLoading || !product) return <PageSpinner />;
  return <ProductDetail key={product._id} product={product} />;
}

export function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const dispatch = useDispatch();
  const colorName = useColorName();
  const [activeImage, setActiveImage] = useState(0);
  const [color, setColor] = useState<string | null>(product.color.length === 1 ? product.color[0]! : null);
  const [quantity, setQuantity] = useState(1);
  const view = priceView(product);
  const inStock = product.stock > 0;
  const images = product.productImages;

  const addToCart = () => {
    if (!inStock) return;
    // A product saved without colours has no colour step (decision 016).
    if (!color && product.color.length > 0) {
      toast.warn(t('product.selectColor'));
      return;
    }
    dispatch(addItem({ product, quantity, selectedColor: color ?? '' }));
    toast.success(t('cart.added', { name: text.name(product) }));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ProductHead product={product} />
      <nav aria-label={t('common:nav.breadcrumb')} className="mb-6 text-sm text-stone-600">
        <Link to="/" className="hover:underline">
          {t('common:nav.home')}
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={`/products?category=${product.category}`} className="hover:underline">
          {t(`common:categories.${product.category}.name`)}
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-stone-900">{text.name(product)}</span>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-label={t('product.gallery')}>
          <div className="relative overflow-hidden rounded-xl border border-stone-200 bg-white">
            <ProductImage
              src={imageUrl(images[activeImage])}
              alt={text.name(product)}
              width={800}
              height={800}
              fetchPriority="high"
              className="aspect-square w-full object-contain"
            />
            <div className="absolute left-3 top-3 flex flex-col gap-1">
              {product.isNewProduct && (
                <span className="rounded bg-emerald-700 px-2 py-1 text-xs font-semibold text-white">
                  {t('product.newArrival')}
                </span>
              )}
              {view.discountedPrice !== null && (
                <span className="rounded bg-red-700 px-2 py-1 text-xs font-semibold text-white">
                  {t('product.discountBadge', { percent: view.percent })}
                </span>
              )}
            </div>
          </div>
          {images.length > 1 && (
            <ul className="mt-3 grid auto-cols-[calc((100%-2.25rem)/4)] grid-flow-col gap-3 overflow-x-auto pb-1">
              {images.map((path, index) => (
                <li key={path}>
                  <button
                    type="button"
                    onClick={() => setActiveImage(index)}
                    aria-label={t('product.showImage', { number: index + 1 })}
                    aria-pressed={index === activeImage}
                    className={`block w-full overflow-hidden rounded-lg border-2 ${index === activeImage ? 'border-brand-700' : 'border-transparent'}`}
                  >
                    <ProductImage
                      src={thumbnailUrl(path)}
                      alt=""
                      width={150}
                      height={150}
                      loading="lazy"
                      className="aspect-square w-full bg-stone-100 object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

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
            {view.discountedPrice !== null && (
              <p className="mt-1 text-sm font-medium text-emerald-800">
                {t('product.save', { amount: formatSom(view.savings) })}
              </p>
            )}
          </div>
          {view.discountedPrice !== null && <SaleCountdown endDate={product.discounts?.endDate} />}
          <p className="whitespace-pre-line leading-relaxed text-stone-700">{text.description(product)}</p>
          <p className={`font-medium ${inStock ? 'text-emerald-800' : 'text-red-700'}`}>
            {inStock ? t('product.inStock', { count: product.stock }) : t('product.outOfStock')}
          </p>

          {product.color.length > 0 && (
            <fieldset>
              <legend className="mb-2 font-medium">
                {t('product.color')}
                {color && <span className="font-normal text-stone-600">: {colorName(color)}</span>}
              </legend>
              <div className="flex flex-wrap gap-2">
                {product.color.map((key) => (
                  <label
                    key={key}
                    className={`flex cursor-pointer items-center gap-2 rounded-full border-2 px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${color === key ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-white'}`}
                  >
                    <input
                      type="radio"
                      name="color"
                      value={key}
                      checked={color === key}
                      onChange={() => setColor(key)}
                      className="sr-only"
                    />
                    <ColorDot color={key} size="h-5 w-5" />
                    {colorName(key)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <div className="flex flex-wrap items-center gap-4">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              max={Math.max(1, product.stock)}
              label={t('product.quantity')}
            />
            <button
              type="button"
              onClick={addToCart}
              disabled={!inStock}
              className="flex-1 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400 sm:flex-none"
            >
              {t('product.addToCart')}
            </button>
          </div>

          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-stone-200 pt-4 text-sm">
            <dt className="text-stone-600">{t('product.sku')}</dt>
            <dd className="font-mono">{sku(product._id)}</dd>
            <dt className="text-stone-600">{t('product.category')}</dt>
            <dd>
              <Link to={`/products?category=${product.category}`} className="text-brand-700 hover:underline">
                {t(`common:categories.${product.category}.name`)}
              </Link>
            </dd>
          </dl>
        </section>
      </div>
      <ProductReviews product={product} />
    </div>
  );
}
