import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { apiErrorMessage } from '../../../lib/api-error';
import { cartTotals, isOnlinePaymentMethod, type PaymentMethod, type Quote } from '@shop/common';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { SubmitButton } from '../../../components/ui/submit-button';
import { fieldErrorText } from '../../../lib/form-errors';
import { selectCartItems, type CartItem } from '../../../entities/cart/cart-slice';
import { selectCurrentUser, selectIsAuthenticated } from '../../../entities/session/session-slice';
import { usePlaceOrder } from '../hooks/use-place-order';
import type { useCheckoutDelivery } from '../hooks/use-checkout-delivery';
import { usePromoDelivery } from '../hooks/use-promo-delivery';
import {
  checkCheckout,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
} from '../lib/checkout-form';
import type { DeliveryValues } from '../lib/delivery-form';
import { AccountPrompt } from './account-prompt';
import { CheckoutTotals } from './checkout-totals';
import { PromoCodeField } from './promo-code-field';
import { CourierAddress } from './courier-address';
import { DeliveryMethodPicker } from './delivery-method-picker';
import { DeliverySchedule } from './delivery-schedule';
import { CheckoutPayment } from './checkout-payment';
import { CompanyBuyer } from './company-buyer';
import { useCompanyBuyer } from '../../../entities/company/use-company-buyer';
import { ConsentNotice } from '../../../entities/privacy/consent-notice';
import { useConsent } from '../../../entities/privacy/use-consent';

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
  const items = useSelector(selectCartItems);
  const user = useSelector(selectCurrentUser);
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const { place, busy } = usePlaceOrder({ onClose, onOrderConflict });
  const [values, setValues] = useState<CheckoutValues>(() => ({
    fullName: user?.fullName ?? '',
    phone: user?.phoneNumber ?? '',
  }));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const company = useCompanyBuyer(user?._id);
  const consent = useConsent();
  const [months, setMonths] = useState<number>();
  const [planMissing, setPlanMissing] = useState(false);
  const instalments = paymentMethod === 'uzum_nasiya';
  const totals = cartTotals(items);
  const { delivery, promo } = usePromoDelivery(quoteLines(items));
  const courier = delivery.values.method === 'courier';
  const payable = promoPayable(delivery.quote, courier, totals.total);
  const editDelivery: EditDelivery = (field, value) => {
    delivery.edit(field, value);
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const edit = (field: CheckoutField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // Field errors clear when the user edits the field.
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCheckout(values, delivery.values, delivery.quote?.assemblyOffered ?? false);
    setErrors(checked.ok ? {} : checked.errors);
    const buyer = await company.check();
    setPlanMissing(instalments && !months);
    if (!checked.ok || !buyer.ok || items.length === 0 || (instalments && !months)) return;
    const { delivery: chosen, ...customer } = checked.data;
    const total = payable;
    const refused = await place(
      { ...customer, ...(promo.code && { promoCode: promo.code }), ...consent.fields },
      chosen,
      paymentMethod,
      total,
      buyer.buyer,
      instalments ? months : undefined,
    );
    if (refused) {
      consent.onRefused(refused.error);
      setErrors(refused.checkout);
      company.setErrors(refused.company);
      if (refused.promoReason) promo.refuse(refused.promoReason);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t('checkout.title')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {!isAuthenticated && <AccountPrompt />}
        <CustomerFields values={values} errors={errors} edit={edit} />
        <CompanyBuyer company={company} method={paymentMethod} onMethod={setPaymentMethod} />
        <DeliveryMethodPicker
          value={delivery.values.method}
          onChange={(method) => editDelivery('method', method)}
        />
        {courier && <CourierDetails delivery={delivery} errors={errors} edit={editDelivery} />}
        <CheckoutPayment
          method={paymentMethod}
          onMethod={setPaymentMethod}
          company={company.isCompany}
          phone={values.phone}
          amount={payable}
          months={months}
          onMonths={(chosen) => {
            setMonths(chosen);
            setPlanMissing(false);
          }}
          planMissing={planMissing}
        />
        <PromoCodeField applied={promo.code} onApply={promo.apply} reason={promo.reason} />
        <CheckoutTotals goods={totals.total} quote={delivery.quote} courier={courier} />
        <ConsentNotice consent={consent} action="order" />
        <CheckoutActions busy={busy} online={isOnlinePaymentMethod(paymentMethod)} onClose={onClose} />
      </form>
    </Modal>
  );
}

/** The cart's lines as the delivery quote asks for them. */
function quoteLines(items: CartItem[]) {
  return items.map((item) => ({
    productId: item.product._id,
    quantity: item.quantity,
    color: item.selectedColor,
    // A made-to-order variant beyond its stock moves the first delivery day.
    ...(item.variant && { variantId: item.variant._id }),
  }));
}

/**
 * What the shopper pays: a courier order the quote's total; another method (no delivery fee yet)
 * the goods less a code's goods discount.
 */
function promoPayable(quote: Quote | undefined, courier: boolean, goods: number): number {
  if (courier && quote) return quote.total;
  const off = quote?.promo && quote.promo.kind !== 'free_delivery' ? quote.promo.discount : 0;
  return (quote?.goods ?? goods) - off;
}

/** Who orders: the name and the phone the shop calls. */
function CustomerFields({
  values,
  errors,
  edit,
}: {
  values: CheckoutValues;
  errors: CheckoutErrors;
  edit: (field: CheckoutField, value: string) => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <>
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
    </>
  );
}

type EditDelivery = <K extends keyof DeliveryValues>(field: K, value: DeliveryValues[K]) => void;

/** A courier delivery's address and day, and why its price could not be worked out. */
function CourierDetails({
  delivery,
  errors,
  edit,
}: {
  delivery: ReturnType<typeof useCheckoutDelivery>;
  errors: CheckoutErrors;
  edit: EditDelivery;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <>
      <CourierAddress values={delivery.values} errors={errors} edit={edit} />
      <DeliverySchedule quote={delivery.quote} values={delivery.values} errors={errors} edit={edit} />
      {delivery.quoteError !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorMessage(delivery.quoteError, t, 'storefront:checkout.failed')}
        </p>
      )}
    </>
  );
}

function CheckoutActions({ busy, online, onClose }: { busy: boolean; online: boolean; onClose: () => void }) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button
        type="button"
        onClick={onClose}
        className="rounded-lg border border-stone-300 px-4 py-2 font-medium"
      >
        {t('common:actions.cancel')}
      </button>
      <SubmitButton
        busy={busy}
        busyLabel={t('checkout.submitting')}
        className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60"
      >
        {t(online ? 'checkout.toPayment' : 'checkout.placeOrder')}
      </SubmitButton>
    </div>
  );
}
