import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { CustomerOrder } from '@shop/common';
import { Spinner } from '../../components/ui/spinner';
import { OrderDetailsModal } from './components/order-details-modal';
import { OrdersHistory } from './components/orders-history';
import { OrderCodeForm } from './components/order-code-form';
import { PhoneLookupForm } from './components/phone-lookup-form';
import { useMyOrders } from './hooks/use-my-orders';

/** Only a signed-in customer has it (staff accounts are an admin's to remove): not in the first load. */
const AccountPrivacy = lazy(() => import('./components/account-privacy'));

/** /portfolio: the shopper's orders, by their account or by the phone they ordered with. */
export default function MyOrdersPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const { account, orders, isFetching, loadingAccount, lookup, forget, ...code } = useMyOrders();
  const [selected, setSelected] = useState<CustomerOrder | null>(null);

  if (loadingAccount) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Spinner />
      </div>
    );
  }
  if (code.codePhone) {
    return (
      <OrderCodeForm
        phone={code.codePhone}
        state={code.phoneCode}
        busy={isFetching}
        onConfirm={(digits) => void code.confirmCode(digits)}
        onOtherPhone={account ? undefined : code.otherPhone}
      />
    );
  }
  if (!orders) {
    return (
      <PhoneLookupForm busy={isFetching || code.phoneCode.sending} onFind={(phone) => void lookup(phone)} />
    );
  }

  const customer = account
    ? { fullName: account.fullName, phoneNumber: account.phoneNumber }
    : orders[0]!.customer;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('myOrders.title')}</h1>
      <section
        className="mb-6 flex flex-wrap items-center justify-between gap-4 rounded-xl border border-stone-200 bg-white p-5"
        aria-labelledby="my-orders-info"
      >
        <div>
          <h2 id="my-orders-info" className="text-lg font-semibold">
            {t('myOrders.personalInfo')}
          </h2>
          <p className="mt-1">{customer.fullName}</p>
          <p className="text-stone-700">{customer.phoneNumber}</p>
        </div>
        {!account && (
          <button
            type="button"
            onClick={forget}
            className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100"
          >
            {t('myOrders.logout')}
          </button>
        )}
      </section>
      <OrdersHistory orders={orders} busy={isFetching} onDetails={setSelected} />
      {account?.role === 'customer' && (
        <Suspense fallback={null}>
          <AccountPrivacy phoneNumber={account.phoneNumber} />
        </Suspense>
      )}
      {selected && <OrderDetailsModal order={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}
