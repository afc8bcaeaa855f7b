import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { cartTotals, formatSom, thumbnailUrl } from '@shop/common';
import { useDispatch, useSelector } from 'react-redux';
import { ProductImage } from '../../components/ui/product-image';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { ColorDot, useColorName } from '../../components/ui/color-swatch';
import {
  orderableLines,
  removeItem,
  selectCartItems,
  setQuantity,
  type CartItem,
} from '../../entities/cart/cart-slice';
import { useCartRefresh } from './hooks/use-cart-refresh';
import { priceView } from '../../entities/product/price-view';
import { useProductText } from '../../entities/product/product-text';

interface Props {
  /** The checkout the cart opens: the app passes the checkout feature's modal, as features never import each other. */
  Checkout: ComponentType<{ open: boolean; onClose: () => void; onOrderConflict?: () => void }>;
}

export default function CartPage({ Checkout }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const dispatch = useDispatch();
  const items = useSelector(selectCartItems);
  const colorName = useColorName();
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const { refresh } = useCartRefresh();
  const totals = cartTotals(orderableLines(items));
  // Lines the server would refuse: fixed here first, so checkout does not fail.
  const blocked = items.some((item) => item.unavailable || item.product.stock < item.quantity);

  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <ShoppingCart size={64} strokeWidth={1.5} className="text-stone-400" />
        <h1 className="mt-4 text-2xl font-bold">{t('cart.emptyTitle')}</h1>
        <p className="mt-2 text-stone-600">{t('cart.emptyText')}</p>
        <Link
          to="/products"
          className="mt-6 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t('cart.continueShopping')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('cart.title')}</h1>
      <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
        <ul className="flex flex-col gap-4" aria-label={t('cart.lines')}>
          {items.map((item, index) => {
            const view = priceView(item.product);
            const unit = view.discountedPrice ?? view.price;
            const { _id: productId } = item.product;
            return (
              <li
                key={item.key}
                data-testid={`cart-line-${index}`}
                className={`flex gap-4 rounded-xl border bg-white p-4 ${item.unavailable ? 'border-red-300 opacity-80' : 'border-stone-200'}`}
              >
                <Link to={`/product/${productId}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
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
                    <Link
                      to={`/product/${productId}`}
                      className="font-semibold hover:text-brand-700 hover:underline"
                    >
                      {text.name(item.product)}
                    </Link>
                    <button
                      type="button"
                      onClick={() => dispatch(removeItem({ productId, color: item.selectedColor }))}
                      aria-label={t('cart.remove', { name: text.name(item.product) })}
                      className="shrink-0 rounded p-1 text-stone-500 hover:bg-red-50 hover:text-red-700"
                    >
                      <Trash2 size={20} />
                    </button>
                  </div>
                  {item.selectedColor && (
                    <p className="flex items-center gap-2 text-sm text-stone-700">
                      {t('product.color')}: <ColorDot color={item.selectedColor} />{' '}
                      {colorName(item.selectedColor)}
                    </p>
                  )}
                  <LineNotice item={item} />
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-semibold">{formatSom(unit)}</span>
                    {view.discountedPrice !== null && (
                      <>
                        <del className="text-stone-500">{formatSom(view.price)}</del>
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
                      label={t('cart.quantityOf', { name: text.name(item.product) })}
                      onChange={(quantity) =>
                        dispatch(setQuantity({ productId, color: item.selectedColor, quantity }))
                      }
                    />
                    <span className="font-semibold">{formatSom(unit * item.quantity)}</span>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>

        <aside
          className="h-fit rounded-xl border border-stone-200 bg-white p-5 lg:sticky lg:top-24"
          aria-labelledby="cart-summary"
        >
          <h2 id="cart-summary" className="mb-4 text-lg font-semibold">
            {t('cart.summary')}
          </h2>
          <dl className="flex flex-col gap-2">
            <div className="flex justify-between">
              <dt>{t('cart.subtotal')}</dt>
              <dd>{formatSom(totals.subtotal)}</dd>
            </div>
            <div className="flex justify-between text-emerald-800">
              <dt>{t('cart.savings')}</dt>
              <dd>{totals.savings > 0 ? `−${formatSom(totals.savings)}` : formatSom(0)}</dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-2 text-lg font-bold">
              <dt>{t('cart.total')}</dt>
              <dd data-testid="cart-total">{formatSom(totals.total)}</dd>
            </div>
          </dl>
          {blocked && (
            <p className="mt-4 text-sm text-red-800" data-testid="cart-blocked">
              {t('cart.fixBeforeCheckout')}
            </p>
          )}
          <button
            type="button"
            disabled={blocked}
            onClick={() => {
              // Checkout opens on the catalogue's current prices and stock.
              refresh();
              setCheckoutOpen(true);
            }}
            className="mt-5 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('cart.checkout')}
          </button>
          <Link to="/products" className="mt-3 block text-center text-sm text-brand-700 hover:underline">
            {t('cart.continueShopping')}
          </Link>
        </aside>
      </div>
      {checkoutOpen && <Checkout open onClose={() => setCheckoutOpen(false)} onOrderConflict={refresh} />}
    </div>
  );
}

/** What the last refresh found about a line: gone, a new price, or less stock than asked. */
function LineNotice({ item }: { item: CartItem }) {
  const { t } = useTranslation('storefront');
  const notes: string[] = [];
  if (item.unavailable) notes.push(t('cart.unavailable'));
  else {
    if (item.previousUnitPrice !== undefined)
      notes.push(t('cart.priceChanged', { price: formatSom(item.previousUnitPrice) }));
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
