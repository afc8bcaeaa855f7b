import { useTranslation } from '../../../lib/use-translation';
import type { PaymentMethod } from '@shop/common';
import { ChoiceCards } from '../../../components/ui/choice-cards';
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
    <ChoiceCards
      legend={t('checkout.paymentMethod')}
      name="paymentMethod"
      choices={methods.map((method) => ({
        value: method,
        label: t(`common:payment.method.${method}`),
        hint: t(`checkout.paymentHint.${method}`),
      }))}
      value={value}
      onChange={onChange}
    />
  );
}
