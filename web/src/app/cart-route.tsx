import CartPage from '../storefront/cart/cart-page';
import { CheckoutModal } from '../storefront/checkout/components/checkout-modal';

/** The cart opens the checkout: the app joins the two features, which never import each other. */
export default function CartRoute() {
  return <CartPage Checkout={CheckoutModal} />;
}
