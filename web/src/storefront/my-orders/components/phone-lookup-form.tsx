import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { STORAGE_KEYS } from '@shop/common';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { readStorage, selectRestored } from '../../../lib/storage';
import { isLookupPhoneValid } from '../lib/lookup';

const rememberedPhone = () => readStorage(STORAGE_KEYS.portfolioPhone) ?? '';

/** A guest finds their orders by the phone they ordered with; the last one found is filled in. */
export function PhoneLookupForm({ busy, onFind }: { busy: boolean; onFind: (phone: string) => void }) {
  const { t } = useTranslation(['storefront', 'common']);
  const restored = useSelector(selectRestored);
  const [phone, setPhone] = useState(() => (restored ? rememberedPhone() : ''));
  // A server-rendered form starts empty, as its HTML; the remembered phone fills it once storage is
  // read, unless the shopper has typed meanwhile.
  useEffect(() => {
    if (restored) setPhone((typed) => typed || rememberedPhone());
  }, [restored]);
  // Said only once the shopper has typed and left the field, or tried to search: never on arrival.
  const [error, setError] = useState<string | undefined>();
  const check = (value: string) => {
    const valid = isLookupPhoneValid(value);
    setError(valid ? undefined : t('myOrders.enterValidPhone'));
    return valid;
  };
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
            if (check(phone)) onFind(phone);
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
            error={error}
            onBlur={() => {
              if (phone.trim()) check(phone);
            }}
            onChange={(event) => {
              setPhone(event.target.value);
              setError(undefined);
            }}
          />
          <SubmitButton
            busy={busy}
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
