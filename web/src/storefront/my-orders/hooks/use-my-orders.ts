import { useCallback, useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { STORAGE_KEYS, type CustomerOrder } from '@shop/common';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { readStorage, selectRestored, writeStorage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { usePhoneCode } from '../../../entities/session/use-phone-code';
import { useLazyGetCustomerOrdersQuery } from '../api/customer-orders-api';
import { isLookupPhoneValid, lookupPhone } from '../lib/lookup';
import { readLookupCode, writeLookupCode } from '../lib/lookup-code';

const asksForCode = (error: unknown) => apiErrorCode(error) === 'PHONE_CODE_REQUIRED';

/**
 * The orders "My orders" shows. A phone's orders open with the SMS code sent to it; a signed-in
 * customer whose phone is verified sees theirs at once. A guest's phone is remembered for the next
 * visit, and the code for this tab (the server accepts it 30 minutes).
 */
export function useMyOrders() {
  const { t } = useTranslation(['storefront', 'common']);
  const account = useSelector(selectCurrentUser);
  const accountPhone = account?.phoneNumber ?? null;
  const [orders, setOrders] = useState<CustomerOrder[] | null>(null);
  const [fetchOrders, { isFetching }] = useLazyGetCustomerOrdersQuery();
  const phoneCode = usePhoneCode('orders');
  /** The phone whose code is being asked for, between the phone form and the orders. */
  const [codePhone, setCodePhone] = useState<string | null>(null);

  const show = useCallback((phone: string, found: CustomerOrder[], code?: string) => {
    if (code) writeLookupCode({ phone, code });
    setCodePhone(null);
    setOrders(found);
  }, []);

  /** Asks the server; on "code needed" sends one (unless `quiet`) and shows the code step. */
  const open = useCallback(
    async (phone: string, { quiet = false, fromAccount = false } = {}) => {
      try {
        const result = await fetchOrders({ phone, code: readLookupCode(phone) }).unwrap();
        if (result.data.length === 0 && !fromAccount) {
          if (!quiet) toast.info(t('myOrders.noOrders'));
          return;
        }
        if (!fromAccount) writeStorage(STORAGE_KEYS.portfolioPhone, phone);
        show(phone, result.data);
      } catch (error) {
        if (asksForCode(error)) {
          writeLookupCode(null);
          if (!quiet && (await phoneCode.request(phone))) setCodePhone(phone);
          return;
        }
        toast.error(apiErrorMessage(error, t, 'storefront:myOrders.fetchFailed'));
      }
    },
    [fetchOrders, phoneCode, show, t],
  );

  const lookup = useCallback(
    async (raw: string) => {
      if (!isLookupPhoneValid(raw)) {
        toast.error(t('myOrders.enterValidPhone'));
        return;
      }
      await open(lookupPhone(raw));
    },
    [open, t],
  );

  const confirmCode = useCallback(
    async (code: string) => {
      if (!codePhone) return;
      try {
        const result = await fetchOrders({ phone: codePhone, code }).unwrap();
        if (codePhone !== accountPhone) writeStorage(STORAGE_KEYS.portfolioPhone, codePhone);
        show(codePhone, result.data, code);
      } catch (error) {
        toast.error(
          asksForCode(error)
            ? t('common:errors.PHONE_CODE_INVALID')
            : apiErrorMessage(error, t, 'storefront:myOrders.fetchFailed'),
        );
      }
    },
    [accountPhone, codePhone, fetchOrders, show, t],
  );

  const accountLookupDone = useArrivalLookup(open, accountPhone);

  return {
    account,
    orders,
    isFetching,
    /** Signed in and the account's orders are still on their way. */
    loadingAccount: !orders && !codePhone && !!accountPhone && !accountLookupDone,
    lookup,
    codePhone,
    phoneCode,
    confirmCode,
    /** Back to the phone form, from the code step. */
    otherPhone: () => setCodePhone(null),
    /** A guest leaves: the remembered phone, its code and the shown orders are forgotten. */
    forget: () => {
      writeStorage(STORAGE_KEYS.portfolioPhone, null);
      writeLookupCode(null);
      setOrders(null);
    },
  };
}

/**
 * The account's orders, else a saved phone's (if this tab still holds its code), load on arrival.
 * A server-rendered visit shows the phone form at once; the session and the remembered phone are
 * known only once the browser has read its storage. True once the account's lookup has answered.
 */
function useArrivalLookup(
  open: (phone: string, options: { quiet?: boolean; fromAccount?: boolean }) => Promise<void>,
  accountPhone: string | null,
): boolean {
  const restored = useSelector(selectRestored);
  const [accountLookupDone, setAccountLookupDone] = useState(false);
  const autoLoaded = useRef(false);
  useEffect(() => {
    if (!restored || autoLoaded.current) return;
    autoLoaded.current = true;
    if (accountPhone) {
      void open(accountPhone, { fromAccount: true }).finally(() => setAccountLookupDone(true));
      return;
    }
    const saved = readStorage(STORAGE_KEYS.portfolioPhone);
    if (saved) void open(saved, { quiet: true });
  }, [open, accountPhone, restored]);
  return accountLookupDone;
}
