import { Link } from 'react-router';
import { useDispatch } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { Trash2 } from 'lucide-react';
import { formatSom, thumbnailUrl } from '@shop/common';
import { ColorDot, useColorName } from '../../../components/ui/color-swatch';
import { ProductImage } from '../../../components/ui/product-image';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { removeItem, setQuantity, type CartItem } from '../../../entities/cart/cart-slice';
import { lineLabel, lineName } from '../../../entities/cart/line-label';
import { priceView } from '../../../entities/product/price-view';
import { useProductText } from '../../../entities/product/product-text';

/** One cart line: picture, name, colour, what the last refresh found, unit price, quantity and sum. */
export function CartLine({ item, index }: { item: CartItem; index: number }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const dispatch = useDispatch();
  const colorName = useColorName();
  const view = priceView(item.product);
  const unit = view.discountedPrice ?? view.price;
  const { _id: productId } = item.product;
  const line = { productId, color: item.selectedColor, variantId: item.variant?._id };
  const label = lineLabel(item, i18n.language);
  const name = lineName(text.name(item.product), label);
  const href = item.variant
    ? `/product/${productId}?variant=${encodeURIComponent(item.variant.sku)}`
    : `/product/${productId}`;
  return (
    <li
      data-testid={`cart-line-${index}`}
      className={`flex gap-4 rounded-xl border bg-white p-4 ${item.unavailable ? 'border-red-300 opacity-80' : 'border-stone-200'}`}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage
          src={thumbnailUrl(item.product.productImages[0])}
          alt=""
          width={96}
          height={96}
          className="h-24 w-24 rounded-lg bg-stone-100 object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <Link to={href} className="font-semibold hover:text-brand-700 hover:underline">
            {text.name(item.product)}
          </Link>
          <button
            type="button"
            onClick={() => dispatch(removeItem(line))}
            aria-label={t('cart.remove', { name })}
            className="shrink-0 rounded p-1 text-stone-500 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 size={20} />
          </button>
        </div>
        {label && (
          <p className="text-sm text-stone-700" data-testid="cart-line-variant">
            {label}
          </p>
        )}
        {!label && item.selectedColor && (
          <p className="flex items-center gap-2 text-sm text-stone-700">
            {t('product.color')}: <ColorDot color={item.selectedColor} /> {colorName(item.selectedColor)}
          </p>
        )}
        <LineNotice item={item} />
        {item.problem === 'VARIANT_REQUIRED' && (
          <Link to={`/product/${productId}`} className="text-sm font-medium text-brand-700 underline">
            {t('cart.chooseVariant')}
          </Link>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">{formatSom(unit, i18n.language)}</span>
          {view.discountedPrice !== null && (
            <>
              <del className="text-stone-500">{formatSom(view.price, i18n.language)}</del>
              <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                {t('product.discountBadge', { percent: view.percent })}
              </span>
            </>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper
            value={item.quantity}
            max={Math.max(1, item.product.stock)}
            label={t('cart.quantityOf', { name })}
            onChange={(quantity) => dispatch(setQuantity({ ...line, quantity }))}
          />
          <span className="font-semibold">{formatSom(unit * item.quantity, i18n.language)}</span>
        </div>
      </div>
    </li>
  );
}

/** What the last refresh found about a line: gone, a new price, or less stock than asked. */
function LineNotice({ item }: { item: CartItem }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const notes: string[] = [];
  if (item.problem) notes.push(t(`common:errors.${item.problem}`));
  if (item.unavailable) notes.push(t('cart.unavailable'));
  else {
    if (item.previousUnitPrice !== undefined)
      notes.push(t('cart.priceChanged', { price: formatSom(item.previousUnitPrice, i18n.language) }));
    if (item.product.stock < item.quantity)
      notes.push(
        item.product.stock > 0 ? t('cart.onlyLeft', { count: item.product.stock }) : t('cart.soldOut'),
      );
  }
  if (notes.length === 0) return null;
  return (
    <p role="status" className="text-sm font-medium text-red-800">
      {notes.join(' · ')}
    </p>
  );
}
