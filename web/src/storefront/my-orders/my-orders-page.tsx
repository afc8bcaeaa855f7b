import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { formatSom, orderNumber, STORAGE_KEYS, thumbnailUrl, type Order } from '@shop/common';
import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import { readStorage, writeStorage } from '../../lib/storage';
import { selectCurrentUser } from '../../entities/session/session-slice';
import { apiErrorMessage } from '../../lib/api-error';
import { Modal } from '../../components/ui/modal';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { ProductImage } from '../../components/ui/product-image';
import { ColorDot, useColorName } from '../../components/ui/color-swatch';
import { Spinner } from '../../components/ui/spinner';
import { FormField } from '../../components/ui/form-field';
import { SubmitButton } from '../../components/ui/submit-button';
import { useLazyGetCustomerOrdersQuery } from './api/customer-orders-api';
import { isLookupPhoneValid, lookupPhone } from './lib/lookup';
import { useProductText } from '../../entities/product/product-text';

export default function MyOrdersPage() {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const [phone, setPhone] = useState(() => readStorage(STORAGE_KEYS.portfolioPhone) ?? '');
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [selected, setSelected] = useState<Order | null>(null);
  const [fetchOrders, { isFetching }] = useLazyGetCustomerOrdersQuery();
  const autoLoaded = useRef(false);
  // Signed in, the account's phone is the customer's: their orders show at once.
  const account = useSelector(selectCurrentUser);
  const accountPhone = account?.phoneNumber ?? null;
  const [accountLookupDone, setAccountLookupDone] = useState(false);

  const lookup = useCallback(
    async (raw: string, silentWhenEmpty = false) => {
      if (!isLookupPhoneValid(raw)) {
        toast.error(t('myOrders.enterValidPhone'));
        return;
      }
      const number = lookupPhone(raw);
      try {
        const result = await fetchOrders(number).unwrap();
        if (result.data.length === 0) {
          if (!silentWhenEmpty) toast.info(t('myOrders.noOrders'));
          return;
        }
        writeStorage(STORAGE_KEYS.portfolioPhone, number);
        setOrders(result.data);
      } catch (error) {
        toast.error(apiErrorMessage(error, t, 'storefront:myOrders.fetchFailed'));
      }
    },
    [fetchOrders, t],
  );

  const loadAccountOrders = useCallback(
    async (phone: string) => {
      try {
        setOrders((await fetchOrders(phone).unwrap()).data);
      } catch (error) {
        toast.error(apiErrorMessage(error, t, 'storefront:myOrders.fetchFailed'));
      } finally {
        setAccountLookupDone(true);
      }
    },
    [fetchOrders, t],
  );

  // The account's orders, else a saved phone's, load on arrival.
  useEffect(() => {
    if (autoLoaded.current) return;
    autoLoaded.current = true;
    if (accountPhone) {
      void loadAccountOrders(accountPhone);
      return;
    }
    const saved = readStorage(STORAGE_KEYS.portfolioPhone);
    if (saved) void lookup(saved, true);
  }, [lookup, loadAccountOrders, accountPhone]);

  const signOut = () => {
    writeStorage(STORAGE_KEYS.portfolioPhone, null);
    setOrders(null);
    setPhone('');
  };

  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'uz' ? 'uz-Latn' : i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  if (!orders && accountPhone && !accountLookupDone) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Spinner />
      </div>
    );
  }

  if (!orders) {
    return (
      <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold">{t('myOrders.title')}</h1>
          <p className="mt-2 text-stone-700">{t('myOrders.intro')}</p>
          <form
            className="mt-6 flex flex-col gap-4"
            noValidate
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              void lookup(phone);
            }}
          >
            <FormField
              label={t('myOrders.phone')}
              type="tel"
              autoComplete="tel"
              value={phone}
              maxLength={40}
              placeholder="+998 90 123 45 67"
              hint={t('myOrders.phoneHint')}
              onChange={(event) => setPhone(event.target.value)}
            />
            <SubmitButton
              busy={isFetching}
              busyLabel={t('myOrders.searching')}
              className="flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t('myOrders.find')}
            </SubmitButton>
          </form>
        </div>
      </div>
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
            onClick={signOut}
            className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100"
          >
            {t('myOrders.logout')}
          </button>
        )}
      </section>
      <section aria-labelledby="my-orders-history" className="rounded-xl border border-stone-200 bg-white">
        <h2 id="my-orders-history" className="border-b border-stone-200 px-5 py-4 text-lg font-semibold">
          {t('myOrders.history', { count: orders.length })}
        </h2>
        {isFetching && (
          <div className="p-4">
            <Spinner />
          </div>
        )}
        {orders.length === 0 && (
          <p className="px-5 py-6 text-stone-700" data-testid="portfolio-empty">
            {t('myOrders.noAccountOrders')}{' '}
            <Link to="/products" className="font-medium text-brand-700 hover:underline">
              {t('myOrders.startShopping')}
            </Link>
          </p>
        )}
        {/* `relative`: the absolutely placed sr-only header would otherwise widen the whole page. */}
        <div className={orders.length === 0 ? 'hidden' : 'relative overflow-x-auto'}>
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-5 py-3">
                  {t('myOrders.orderNumber')}
                </th>
                <th scope="col" className="px-5 py-3">
                  {t('myOrders.date')}
                </th>
                <th scope="col" className="px-5 py-3">
                  {t('myOrders.items')}
                </th>
                <th scope="col" className="px-5 py-3">
                  {t('myOrders.total')}
                </th>
                <th scope="col" className="px-5 py-3">
                  {t('myOrders.status')}
                </th>
                <th scope="col" className="px-5 py-3">
                  <span className="sr-only">{t('myOrders.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order._id} className="border-t border-stone-100">
                  <td className="px-5 py-3 font-mono">{orderNumber(order._id)}</td>
                  <td className="px-5 py-3">{dateFormat.format(new Date(order.createdAt))}</td>
                  <td className="px-5 py-3">
                    {t('myOrders.itemCount', {
                      count: order.products.reduce((sum, line) => sum + line.quantity, 0),
                    })}
                  </td>
                  <td className="px-5 py-3 font-semibold">{formatSom(order.total)}</td>
                  <td className="px-5 py-3">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="px-5 py-3 text-right">
                    <button
                      type="button"
                      onClick={() => setSelected(order)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {t('myOrders.details')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {selected && (
        <OrderDetails order={selected} onClose={() => setSelected(null)} dateFormat={dateFormat} />
      )}
    </div>
  );
}

function OrderDetails({
  order,
  onClose,
  dateFormat,
}: {
  order: Order;
  onClose: () => void;
  dateFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const colorName = useColorName();
  return (
    <Modal open wide onClose={onClose} title={t('myOrders.orderTitle', { number: orderNumber(order._id) })}>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('myOrders.date')}</dt>
        <dd>{dateFormat.format(new Date(order.createdAt))}</dd>
        <dt className="text-stone-600">{t('myOrders.status')}</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
        </dd>
        <dt className="text-stone-600">{t('myOrders.customer')}</dt>
        <dd>
          {order.customer.fullName}, {order.customer.phoneNumber}
        </dd>
      </dl>
      <ul className="flex flex-col divide-y divide-stone-100">
        {order.products.map((line, index) => {
          const unit = line.discountedPrice ?? line.price;
          return (
            <li key={`${line.product._id}-${line.color}-${index}`} className="flex gap-3 py-3">
              <ProductImage
                src={thumbnailUrl(line.product.productImages[0])}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 rounded bg-stone-100 object-cover"
              />
              <div className="flex-1 text-sm">
                <p className="font-medium">{text.name(line.product)}</p>
                <p className="flex items-center gap-1 text-stone-600">
                  {line.color && (
                    <>
                      <ColorDot color={line.color} /> {colorName(line.color)} ·{' '}
                    </>
                  )}
                  {t('myOrders.quantity', { count: line.quantity })}
                </p>
                <p>
                  {formatSom(unit)}
                  {line.discountedPrice !== null && line.discountedPrice < line.price && (
                    <del className="ml-2 text-stone-500">{formatSom(line.price)}</del>
                  )}
                </p>
              </div>
              <p className="text-sm font-semibold">{formatSom(unit * line.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 flex justify-between border-t border-stone-200 pt-3 font-bold">
        <span>{t('myOrders.total')}</span>
        <span>{formatSom(order.total)}</span>
      </p>
    </Modal>
  );
}
