import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import {
  STORAGE_KEYS,
  unitPrice,
  type CompanyBuyer,
  type ConsentInput,
  type OrderDeliveryInput,
  type PaymentMethod,
} from '@shop/common';
import { baseApi } from '../../../lib/api';
import { apiErrorCode, apiErrorMessage, apiErrorReason } from '../../../lib/api-error';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { writeStorage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import type { StorefrontKey } from '../../../lib/translate';
import { clearCart, flagLine, selectCartItems } from '../../../entities/cart/cart-slice';
import { lineLabel, lineName } from '../../../entities/cart/line-label';
import { useProductText } from '../../../entities/product/product-text';
import { confirmationPath } from '../api/order-payment-api';
import { useCreateOrderMutation } from '../api/place-order-api';
import { checkoutFieldOf, type CheckoutField } from '../lib/checkout-form';
import { companyFieldOf, rememberCompany, type CompanyField } from '../../../entities/company/company-form';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { goToPaymentPage } from '../lib/payment-page';
import { isConflict, refusedLine } from '../lib/refused-line';

interface Options {
  onClose: () => void;
  /** A 409 (price, stock or availability changed): the cart refreshes to show what. */
  onOrderConflict?: () => void;
}

/**
 * Places the cart as an order. Paid online, the shopper leaves for the provider's page, which
 * sends them back to the confirmation; paid in cash, every shopper, guest or signed in, lands on
 * the confirmation at once. Its link (order id and key) is all a guest needs to open it again.
 */
export function usePlaceOrder({ onClose, onOrderConflict }: Options) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  // A refused line is named as the cart shows it, in the shopper's language (decision 012).
  const productText = useProductText();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const items = useSelector(selectCartItems);
  const user = useSelector(selectCurrentUser);
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  // Trying again after a lost answer must not order twice: the repeat carries the same key.
  const attempt = useIdempotencyKey();
  const [leaving, setLeaving] = useState(false);

  /** Resolves to the server's field errors when the order was refused, else to nothing. */
  async function place(
    customer: { customerName: string; phoneNumber: string; promoCode?: string } & ConsentInput,
    delivery: OrderDeliveryInput | undefined,
    paymentMethod: PaymentMethod,
    total: number,
    buyer?: CompanyBuyer,
    /** Paid monthly: the plan chosen, signed on the confirmation page. */
    instalmentMonths?: number,
  ): Promise<
    | {
        /** The server's answer, for whoever reads its code. */
        error: unknown;
        checkout: FieldErrors<CheckoutField, StorefrontKey>;
        company: FieldErrors<CompanyField, StorefrontKey>;
        /** The code was refused at placing (e.g. this phone's uses are spent): why. */
        promoReason?: string;
      }
    | undefined
  > {
    try {
      const order = {
        ...customer,
        items: items.map((item) => ({
          productId: item.product._id,
          quantity: item.quantity,
          color: item.selectedColor,
          price: unitPrice(item.product),
          ...(item.variant && { variantId: item.variant._id }),
        })),
        totalAmount: total,
        paymentMethod,
        delivery,
        ...(buyer && { buyer, language: i18n.language }),
      };
      const placed = await createOrder({ order, idempotencyKey: attempt.keyFor(order) }).unwrap();
      attempt.done();
      dispatch(clearCart());
      writeStorage(STORAGE_KEYS.portfolioPhone, customer.phoneNumber);
      if (buyer) rememberCompany(user?._id, buyer);
      if (placed.payment.checkoutUrl) {
        // Payme or Click: the shopper pays on the provider's page, which sends them back to
        // /order-confirmation?order={id}&key={key}. The modal stays, busy, until the page is gone.
        setLeaving(true);
        goToPaymentPage(placed.payment.checkoutUrl);
        return;
      }
      onClose();
      const path = confirmationPath(placed._id, placed.orderKey);
      navigate(instalmentMonths ? `${path}&months=${instalmentMonths}` : path);
    } catch (error) {
      // The modal stays open so the shopper can fix the cart or try again. A 409 names
      // the line the server refused (errors[].path `items.N`), and the cart shows what changed.
      // A code the quote took may still be refused here (this phone's uses): say why, translated.
      const promoReason =
        apiErrorCode(error) === 'PROMO_CODE_INVALID' ? (apiErrorReason(error) ?? 'unknown') : undefined;
      const reason = promoReason
        ? t(`common:promo.reason.${promoReason as 'unknown'}`)
        : apiErrorMessage(error, t, 'storefront:checkout.failed');
      const line = refusedLine(error);
      const item = line === null ? undefined : items[line];
      const name = item && lineName(productText.name(item.product), lineLabel(item, i18n.language));
      toast.error(item ? t('checkout.lineFailed', { line: line! + 1, name, reason }) : reason);
      const code = apiErrorCode(error);
      if (item && (code === 'VARIANT_REQUIRED' || code === 'VARIANT_UNAVAILABLE'))
        dispatch(flagLine({ key: item.key, problem: code }));
      if (isConflict(error)) onOrderConflict?.();
      // A slot may have filled meanwhile: the days and slots are asked again.
      dispatch(baseApi.util.invalidateTags([{ type: 'Delivery', id: 'QUOTE' }]));
      // The server's field errors show next to their fields.
      return {
        error,
        checkout: serverFieldErrors(error, checkoutFieldOf),
        company: serverFieldErrors(error, companyFieldOf),
        promoReason,
      };
    }
  }

  return { place, busy: isLoading || leaving };
}
