import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import {
  cartTotals,
  formatSom,
  isOnlinePaymentMethod,
  orderCreateSchema,
  orderNumber,
  STORAGE_KEYS,
  unitPrice,
  type PaymentMethod,
} from '@shop/common';
import { FormField } from '../../../components/ui/form-field';
import { authPathReturningTo } from '../../../lib/return-to';
import { isConflict, refusedLine } from '../lib/refused-line';
import { Modal } from '../../../components/ui/modal';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useDispatch, useSelector } from 'react-redux';
import { apiErrorMessage } from '../../../lib/api-error';
import { useProductText } from '../../../entities/product/product-text';
import { writeStorage } from '../../../lib/storage';
import { selectCurrentUser, selectIsAuthenticated } from '../../../entities/session/session-slice';
import { clearCart, selectCartItems } from '../../../entities/cart/cart-slice';
import { useCreateOrderMutation } from '../api/place-order-api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { PaymentMethodPicker } from './payment-method-picker';
import { goToPaymentPage } from '../lib/payment-page';
import {
  fieldErrorText,
  serverFieldErrors,
  validateWith,
  type FieldErrors,
  type FieldWording,
} from '../../../lib/form-errors';
import type { StorefrontKey } from '../../../lib/translate';

interface CheckoutValues {
  fullName: string;
  phone: string;
}
type CheckoutField = keyof CheckoutValues;

/** The shopper's part of the order, checked by the server's own schema. */
const checkoutSchema = orderCreateSchema.pick({ customerName: true, phoneNumber: true });
const FIELD_OF_PATH: Record<string, CheckoutField> = { customerName: 'fullName', phoneNumber: 'phone' };
const fieldOf = (path: readonly PropertyKey[]) => FIELD_OF_PATH[String(path[0])];
const WORDING: FieldWording<CheckoutField, StorefrontKey> = {
  fullName: { required: 'checkout.errors.nameRequired' },
  phone: { required: 'checkout.errors.phoneRequired', phoneFormat: 'checkout.errors.phoneInvalid' },
};

export function CheckoutModal({
  open,
  onClose,
  onOrderConflict,
}: {
  open: boolean;
  onClose: () => void;
  /** A 409 (price, stock or availability changed): the cart refreshes to show what. */
  onOrderConflict?: () => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  // A refused line is named as the cart shows it, in the shopper's language (decision 012).
  const productText = useProductText();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const items = useSelector(selectCartItems);
  const user = useSelector(selectCurrentUser);
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  // Trying again after a lost answer must not order twice: the repeat carries the same key.
  const attempt = useIdempotencyKey();
  const [values, setValues] = useState<CheckoutValues>(() => ({
    fullName: user?.fullName ?? '',
    phone: user?.phoneNumber ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors<CheckoutField, StorefrontKey>>({});
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [leaving, setLeaving] = useState(false);
  const totals = cartTotals(items);

  const edit = (field: keyof CheckoutValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // Field errors clear when the user edits the field.
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWith(
      checkoutSchema,
      { customerName: values.fullName, phoneNumber: values.phone },
      WORDING,
      fieldOf,
    );
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok || items.length === 0) return;
    const { customerName, phoneNumber } = checked.data;
    try {
      const order = {
        customerName,
        phoneNumber,
        items: items.map((item) => ({
          productId: item.product._id,
          quantity: item.quantity,
          color: item.selectedColor,
          price: unitPrice(item.product),
        })),
        totalAmount: totals.total,
        paymentMethod,
      };
      const placed = await createOrder({ order, idempotencyKey: attempt.keyFor(order) }).unwrap();
      attempt.done();
      dispatch(clearCart());
      writeStorage(STORAGE_KEYS.portfolioPhone, phoneNumber);
      if (placed.payment.checkoutUrl) {
        // Payme or Click: the shopper pays on the provider's page, which sends them back to
        // /order-confirmation?order={id}. The modal stays, busy, until the page is gone.
        setLeaving(true);
        goToPaymentPage(placed.payment.checkoutUrl);
        return;
      }
      onClose();
      if (isAuthenticated) {
        navigate('/order-confirmation', { state: { orderId: placed._id, orderTotal: placed.total } });
      } else {
        toast.success(t('checkout.success', { number: orderNumber(placed._id) }));
        navigate('/');
      }
    } catch (error) {
      // The modal stays open so the shopper can fix the cart or try again. A 409 names
      // the line the server refused (errors[].path `items.N`), and the cart shows what changed.
      const reason = apiErrorMessage(error, t, 'storefront:checkout.failed');
      const line = refusedLine(error);
      const item = line === null ? undefined : items[line];
      toast.error(
        item
          ? t('checkout.lineFailed', { line: line! + 1, name: productText.name(item.product), reason })
          : reason,
      );
      if (isConflict(error)) onOrderConflict?.();
      // The server's field errors show next to their fields.
      setErrors(serverFieldErrors(error, fieldOf));
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t('checkout.title')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {!isAuthenticated && (
          <p className="text-sm text-stone-700" data-testid="checkout-account-prompt">
            {t('checkout.accountPrompt')}{' '}
            <Link
              to={authPathReturningTo('/login', '/cart')}
              className="font-medium text-brand-700 underline"
            >
              {t('checkout.signIn')}
            </Link>
            {' · '}
            <Link
              to={authPathReturningTo('/signup', '/cart')}
              className="font-medium text-brand-700 underline"
            >
              {t('checkout.signUp')}
            </Link>
          </p>
        )}
        <FormField
          label={t('checkout.fullName')}
          value={values.fullName}
          autoComplete="name"
          maxLength={100}
          error={fieldErrorText(t, errors.fullName)}
          onChange={(event) => edit('fullName', event.target.value)}
        />
        <FormField
          label={t('checkout.phone')}
          type="tel"
          value={values.phone}
          autoComplete="tel"
          maxLength={40}
          placeholder="+998 90 123 45 67"
          error={fieldErrorText(t, errors.phone)}
          onChange={(event) => edit('phone', event.target.value)}
        />
        <PaymentMethodPicker value={paymentMethod} onChange={setPaymentMethod} />
        <p className="flex justify-between border-t border-stone-200 pt-3 font-semibold">
          <span>{t('cart.total')}</span>
          <span>{formatSom(totals.total)}</span>
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-stone-300 px-4 py-2 font-medium"
          >
            {t('common:actions.cancel')}
          </button>
          <SubmitButton
            busy={isLoading || leaving}
            busyLabel={t('checkout.submitting')}
            className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60"
          >
            {t(isOnlinePaymentMethod(paymentMethod) ? 'checkout.toPayment' : 'checkout.placeOrder')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
