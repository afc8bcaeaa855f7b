import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { useSelector } from 'react-redux';
import CartPage from '../storefront/cart/cart-page';
import { selectCartItems } from '../entities/cart/cart-slice';

/**
 * The checkout (its forms, and the order's schema with zod: ~40 KB brotli in all) is not in the
 * cart's first load (decision 027): asked for once the cart shows lines, so it is in by the tap
 * on "checkout".
 */
const loadCheckout = () => import('../storefront/checkout/components/checkout-modal');
const CheckoutModal = lazy(() => loadCheckout().then(({ CheckoutModal: Modal }) => ({ default: Modal })));

type CheckoutProps = ComponentProps<ComponentProps<typeof CartPage>['Checkout']>;

function Checkout(props: CheckoutProps) {
  return (
    <Suspense fallback={null}>
      <CheckoutModal {...props} />
    </Suspense>
  );
}

/** The cart opens the checkout: the app joins the two features, which never import each other. */
export default function CartRoute() {
  const hasLines = useSelector(selectCartItems).length > 0;
  useEffect(() => {
    if (hasLines) void loadCheckout();
  }, [hasLines]);
  return <CartPage Checkout={Checkout} />;
}
