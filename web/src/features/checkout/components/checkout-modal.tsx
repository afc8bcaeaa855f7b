import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { cartTotals, formatSom, normalizePhone, shortId, STORAGE_KEYS, unitPrice } from '@shop/common';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { apiErrorMessage } from '../../../lib/api-error';
import { writeStorage } from '../../../lib/storage';
import { selectCurrentUser, selectIsAuthenticated } from '../../auth/auth-slice';
import { clearCart, selectCartItems } from '../../cart/cart-slice';
import { useCreateOrderMutation } from '../api/orders-api';
import { validateCheckout, type CheckoutErrors, type CheckoutValues } from '../lib/validate-checkout';

export function CheckoutModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['storefront', 'common']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const items = useAppSelector(selectCartItems);
  const user = useAppSelector(selectCurrentUser);
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  const [values, setValues] = useState<CheckoutValues>(() => ({
    fullName: user?.fullName ?? '',
    phone: user?.phoneNumber ?? '',
  }));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const totals = cartTotals(items);

  const edit = (field: keyof CheckoutValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // Field errors clear when the user edits the field (spec §5).
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCheckout(values);
    setErrors(found);
    if (found.fullName || found.phone || items.length === 0) return;
    const phoneNumber = normalizePhone(values.phone)!;
    try {
      const order = await createOrder({
        customerName: values.fullName.trim(),
        phoneNumber,
        items: items.map((item) => ({
          productId: item.product._id,
          quantity: item.quantity,
          color: item.selectedColor,
          price: unitPrice(item.product),
        })),
        totalAmount: totals.total,
      }).unwrap();
      dispatch(clearCart());
      writeStorage(STORAGE_KEYS.portfolioPhone, phoneNumber);
      onClose();
      if (isAuthenticated) {
        navigate('/order-confirmation', { state: { orderId: order._id, orderTotal: order.total } });
      } else {
        toast.success(t('checkout.success', { number: shortId(order._id).toUpperCase() }));
        navigate('/');
      }
    } catch (error) {
      // The modal stays open so the shopper can fix the cart or try again (spec §8).
      toast.error(apiErrorMessage(error, t, 'storefront:checkout.failed'));
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t('checkout.title')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormField
          label={t('checkout.fullName')}
          value={values.fullName}
          autoComplete="name"
          maxLength={100}
          error={errors.fullName && t(errors.fullName)}
          onChange={(event) => edit('fullName', event.target.value)}
        />
        <FormField
          label={t('checkout.phone')}
          type="tel"
          value={values.phone}
          autoComplete="tel"
          maxLength={40}
          placeholder="+998 90 123 45 67"
          error={errors.phone && t(errors.phone)}
          onChange={(event) => edit('phone', event.target.value)}
        />
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
            busy={isLoading}
            busyLabel={t('checkout.submitting')}
            className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60"
          >
            {t('checkout.placeOrder')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
