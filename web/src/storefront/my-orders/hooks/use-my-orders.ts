import { useCallback, useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, type CustomerOrder } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { readStorage, writeStorage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { useLazyGetCustomerOrdersQuery } from '../api/customer-orders-api';
import { isLookupPhoneValid, lookupPhone } from '../lib/lookup';

/**
 * The orders "My orders" shows. Signed in, the account's phone is the customer's: their orders
 * load at once. A guest looks them up by phone, which is remembered for the next visit.
 */
export function useMyOrders() {
  const { t } = useTranslation(['storefront', 'common']);
  const account = useSelector(selectCurrentUser);
  const accountPhone = account?.phoneNumber ?? null;
  const [orders, setOrders] = useState<CustomerOrder[] | null>(null);
  const [accountLookupDone, setAccountLookupDone] = useState(false);
  const [fetchOrders, { isFetching }] = useLazyGetCustomerOrdersQuery();
  const autoLoaded = useRef(false);

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

  return {
    account,
    orders,
    isFetching,
    /** Signed in and the account's orders are still on their way. */
    loadingAccount: !orders && !!accountPhone && !accountLookupDone,
    lookup,
    /** A guest leaves: the remembered phone and the shown orders are forgotten. */
    forget: () => {
      writeStorage(STORAGE_KEYS.portfolioPhone, null);
      setOrders(null);
    },
  };
}
