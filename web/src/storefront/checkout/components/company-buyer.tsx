import type { PaymentMethod } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { CompanyFields } from '../../../entities/company/company-fields';
import type { useCompanyBuyer } from '../../../entities/company/use-company-buyer';
import { useGetPaymentMethodsQuery } from '../api/order-payment-api';

/** "I buy for an organisation", and the organisation's requisites once it is ticked. */
export function CompanyBuyer({
  company,
  method,
  onMethod,
}: {
  company: ReturnType<typeof useCompanyBuyer>;
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('storefront');
  const { data } = useGetPaymentMethodsQuery();
  const onToggle = (on: boolean) => {
    company.toggle(on);
    // Bank transfer is for organisations only, and offered only once the shop's requisites are set.
    if (on && data?.methods.includes('bank_transfer')) onMethod('bank_transfer');
    else if (method === 'bank_transfer') onMethod('cash');
  };
  return (
    <>
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={company.isCompany}
          onChange={(event) => onToggle(event.target.checked)}
        />
        {t('checkout.company.toggle')}
      </label>
      {company.isCompany && (
        <CompanyFields values={company.values} errors={company.errors} edit={company.edit} />
      )}
    </>
  );
}
