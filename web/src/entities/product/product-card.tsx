import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import { thumbnailUrl, type Product } from '@shop/common';
import { ResponsivePicture } from '../../components/ui/responsive-picture';
import { pictureOf } from './picture-of';
import { StarRating } from '../../components/ui/star-rating';
import { SavedHeart } from './saved-heart';
import { useDispatch } from 'react-redux';
import { addItem } from '../cart/cart-slice';
import { canQuickAdd, priceView } from './price-view';
import { MonthlyPrice } from './monthly-price';
import { PriceTag } from './price-tag';
import { useProductText } from './product-text';
import { cheapestVariant, hasVariants, productAs } from '../../lib/variant-choice';

export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: Product;
  eager?: boolean;
  /** The listing's first image, usually the largest thing in the first view. */
  priority?: boolean;
}) {
  const { t } = useTranslation('storefront');
  const text = useProductText();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const href = `/product/${product._id}`;
  const lowest = cheapestVariant(product);
  const view = priceView(lowest ? productAs(product, lowest) : product);
  const choosing = hasVariants(product);

  const quickAdd = () => {
    // A size or a fabric is chosen on the product's page: no line without its variant.
    if (choosing) return void navigate(href);
    // Silent when the product is incomplete.
    if (!canQuickAdd(product)) return;
    dispatch(addItem({ product, quantity: 1, selectedColor: product.color[0] ?? '' }));
    toast.success(t('cart.added', { name: text.name(product) }));
  };

  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ResponsivePicture
            picture={pictureOf(product, product.productImages[0])}
            fallbackSrc={thumbnailUrl(product.productImages[0])}
            alt=""
            sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            className="aspect-[4/3] w-full bg-stone-100 object-cover"
          />
        </Link>
        <div className="absolute left-2 top-2 flex flex-col gap-1">
          {view.discountedPrice !== null && (
            <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
              {t('product.discountBadge', { percent: view.percent })}
            </span>
          )}
          {product.isNewProduct && (
            <span className="rounded bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
              {t('product.newBadge')}
            </span>
          )}
        </div>
        <SavedHeart product={product} className="absolute right-2 top-2" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-stone-900">
          <Link to={href} className="hover:text-brand-700 hover:underline">
            {text.name(product)}
          </Link>
        </h3>
        <StarRating rating={product.rating} />
        <div className="mt-auto">
          <PriceTag view={view} from={choosing} />
          <MonthlyPrice amount={view.discountedPrice ?? view.price} />
        </div>
        <button
          type="button"
          data-early-tap
          onClick={quickAdd}
          disabled={!choosing && product.stock <= 0}
          className="mt-1 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
        >
          {choosing
            ? t('variant.choose')
            : product.stock <= 0
              ? t('product.outOfStock')
              : t('product.addToCart')}
        </button>
      </div>
    </article>
  );
}
