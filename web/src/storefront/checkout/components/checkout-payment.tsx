import type { PaymentMethod } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { InstalmentCheck } from './instalment-check';
import { PaymentMethodPicker } from './payment-method-picker';

/** How to pay, and for monthly payment the buyer's check and plan. */
export function CheckoutPayment({
  method,
  onMethod,
  company,
  phone,
  amount,
  months,
  onMonths,
  planMissing,
}: {
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  company: boolean;
  phone: string;
  amount: number;
  months: number | undefined;
  onMonths: (months: number | undefined) => void;
  planMissing: boolean;
}) {
  const { t } = useTranslation('storefront');
  return (
    <>
      <PaymentMethodPicker value={method} onChange={onMethod} company={company} />
      {method === 'uzum_nasiya' && (
        <InstalmentCheck
          phone={phone}
          amount={amount}
          months={months}
          onMonths={onMonths}
          error={planMissing ? t('instalments.planRequired') : undefined}
        />
      )}
    </>
  );
}
