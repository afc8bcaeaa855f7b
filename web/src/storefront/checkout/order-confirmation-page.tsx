import { useSearchParams } from 'react-router';
import { OrderConfirmation, OrderNotFound } from './components/order-confirmation';

/**
 * `/order-confirmation?order={id}&key={orderKey}`: where checkout sends every shopper, and where
 * Payme and Click send them back. The link carries all the page needs, so it opens again after a
 * reload or on another device; the signed-in owner may open it without the key.
 */
export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  if (!orderId) return <OrderNotFound />;
  const orderKey = params.get('key');
  // An instalment order carries the plan chosen at checkout until its contract is made.
  const months = Number(params.get('months')) || undefined;
  return <OrderConfirmation key={`${orderId} ${orderKey}`} link={{ orderId, orderKey }} months={months} />;
}
