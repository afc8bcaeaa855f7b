import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { SubmitButton } from '../../../components/ui/submit-button';
import { PhoneCodeField } from '../../../entities/session/phone-code-field';
import type { PhoneCodeState } from '../../../entities/session/use-phone-code';

interface Props {
  phone: string;
  state: PhoneCodeState;
  busy: boolean;
  onConfirm: (code: string) => void;
  onOtherPhone?: () => void;
}

/** Between the phone and its orders: the code sent to that phone by SMS. */
export function OrderCodeForm({ phone, state, busy, onConfirm, onOtherPhone }: Props) {
  const { t } = useTranslation('storefront');
  const [code, setCode] = useState('');
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{t('myOrders.title')}</h1>
        <p className="mt-2 text-stone-700">{t('orderCode.intro', { phone })}</p>
        <form
          className="mt-6 flex flex-col gap-4"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onConfirm(code);
          }}
        >
          <PhoneCodeField state={state} value={code} onChange={setCode} />
          <SubmitButton
            busy={busy}
            busyLabel={t('myOrders.searching')}
            className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {t('orderCode.show')}
          </SubmitButton>
          {onOtherPhone && (
            <button
              type="button"
              onClick={onOtherPhone}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {t('orderCode.otherPhone')}
            </button>
          )}
        </form>
      </div>
    </div>
  );
}
