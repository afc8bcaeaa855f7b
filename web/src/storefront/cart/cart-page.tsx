import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../lib/use-translation';
import { ShoppingCart } from 'lucide-react';
import { selectCartItems } from '../../entities/cart/cart-slice';
import { CartLine } from './components/cart-line';
import { CartSummary } from './components/cart-summary';
import { useCartRefresh } from './hooks/use-cart-refresh';
import { useProductText } from '../../entities/product/product-text';
import { RequestQuoteButton } from '../../entities/quote/request-quote-button';

interface Props {
  /** The checkout the cart opens: the app passes the checkout feature's modal, as features never import each other. */
  Checkout: ComponentType<{ open: boolean; onClose: () => void; onOrderConflict?: () => void }>;
}

export default function CartPage({ Checkout }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  const items = useSelector(selectCartItems);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const { refresh } = useCartRefresh();
  const text = useProductText();

  if (items.length === 0) return <EmptyCart />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('cart.title')}</h1>
      <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
        <ul className="flex flex-col gap-4" aria-label={t('cart.lines')}>
          {items.map((item, index) => (
            <CartLine key={item.key} item={item} index={index} />
          ))}
        </ul>
        <CartSummary
          items={items}
          checkoutOpen={checkoutOpen}
          onCheckout={() => {
            // Checkout opens on the catalogue's current prices and stock.
            refresh();
            setCheckoutOpen(true);
          }}
        />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <p className="text-sm text-stone-600">{t('quote.cartHint')}</p>
        <RequestQuoteButton
          lines={items.map((item) => ({
            productId: item.product._id,
            color: item.selectedColor,
            quantity: item.quantity,
            name: text.name(item.product),
            ...(item.variant && { variantId: item.variant._id }),
          }))}
        />
      </div>
      {checkoutOpen && <Checkout open onClose={() => setCheckoutOpen(false)} onOrderConflict={refresh} />}
    </div>
  );
}

function EmptyCart() {
  const { t } = useTranslation(['storefront', 'common']);
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
