import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { cartTotals, formatSom } from '@shop/common';
import { orderableLines, type CartItem } from '../../../entities/cart/cart-slice';
import { DeliveryEstimate } from '../../../entities/delivery/delivery-estimate';
import { useMainButton } from '../../../entities/telegram/web-app';

/** Subtotal, savings and total of the lines that can be ordered, and the way to checkout. */
export function CartSummary({
  items,
  onCheckout,
  checkoutOpen = false,
}: {
  items: CartItem[];
  onCheckout: () => void;
  /** Inside Telegram its MainButton is the checkout button while the checkout is not open. */
  checkoutOpen?: boolean;
}) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const totals = cartTotals(orderableLines(items));
  // Lines the server would refuse: fixed here first, so checkout does not fail.
  const blocked = items.some((item) => item.unavailable || item.product.stock < item.quantity);
  useMainButton(checkoutOpen ? null : { text: t('cart.checkout'), onClick: onCheckout, disabled: blocked });
  return (
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
          <dd>{formatSom(totals.subtotal, i18n.language)}</dd>
        </div>
        {/* A discount row only when something is discounted: "Discount 0 so'm" says nothing. */}
        {totals.savings > 0 && (
          <div className="flex justify-between text-emerald-800">
            <dt>{t('cart.savings')}</dt>
            <dd>−{formatSom(totals.savings, i18n.language)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-stone-200 pt-2 text-lg font-bold">
          <dt>{t('cart.total')}</dt>
          <dd data-testid="cart-total">{formatSom(totals.total, i18n.language)}</dd>
        </div>
      </dl>
      <div className="mt-3 border-t border-stone-200 pt-3">
        <DeliveryEstimate
          items={orderableLines(items).map((item) => ({
            productId: item.product._id,
            quantity: item.quantity,
            color: item.selectedColor,
            ...(item.variant && { variantId: item.variant._id }),
          }))}
        />
      </div>
      {blocked && (
        <p className="mt-4 text-sm text-red-800" data-testid="cart-blocked">
          {t('cart.fixBeforeCheckout')}
        </p>
      )}
      <button
        type="button"
        disabled={blocked}
        onClick={onCheckout}
        className="mt-5 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('cart.checkout')}
      </button>
      <Link to="/products" className="mt-3 block text-center text-sm text-brand-700 hover:underline">
        {t('cart.continueShopping')}
      </Link>
    </aside>
  );
}
