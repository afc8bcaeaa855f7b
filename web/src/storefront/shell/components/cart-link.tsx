import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { ShoppingCart } from 'lucide-react';
import { selectCartLineCount } from '../../../entities/cart/cart-slice';

/** The header's cart: a link to /cart with the number of lines on a badge. */
export function CartLink() {
  const { t } = useTranslation('common');
  const lines = useSelector(selectCartLineCount);
  return (
    <Link
      to="/cart"
      aria-label={t('nav.cartWithCount', { count: lines })}
      className="relative rounded-full p-2 text-stone-700 hover:bg-stone-100"
    >
      <ShoppingCart />
      {lines > 0 && (
        <span
          data-testid="cart-badge"
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
        >
          {lines}
        </span>
      )}
    </Link>
  );
}
