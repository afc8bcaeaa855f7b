import { useTranslation } from '../../../lib/use-translation';
import type { PaymentMethod } from '@shop/common';
import { useGetPaymentMethodsQuery } from '../api/order-payment-api';

interface Props {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** An organisation buys: bank transfer against an invoice is offered (only then). */
  company?: boolean;
}

/**
 * The methods the server has configured (cash first). With only cash — or while the list has not
 * come — there is nothing to choose and checkout looks as it always did: cash on delivery.
 */
export function PaymentMethodPicker({ value, onChange, company = false }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  const { data } = useGetPaymentMethodsQuery();
  // Bank transfer is for organisations; instalments are a person's contract.
  const methods = (data?.methods ?? []).filter((method) =>
    company ? method !== 'uzum_nasiya' : method !== 'bank_transfer',
  );
  if (methods.length < 2) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">{t('checkout.paymentMethod')}</legend>
      {methods.map((method) => (
        <label
          key={method}
          className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 ${
            value === method ? 'border-brand-600 bg-brand-50' : 'border-stone-300'
          }`}
        >
          <input
            type="radio"
            name="paymentMethod"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium">{t(`common:payment.method.${method}`)}</span>
            <span className="block text-sm text-stone-600">{t(`checkout.paymentHint.${method}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
