import { useState, type FormEvent } from 'react';
import { apiErrorCode } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { formatSom, type ShopperOrder } from '@shop/common';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useConfirmInstalmentMutation,
  useCreateInstalmentContractMutation,
  useResendInstalmentCodeMutation,
} from '../api/instalment-api';
import type { OrderLink } from '../api/order-payment-api';
import { InstalmentCheck } from './instalment-check';
import { UzumReason } from './uzum-reason';

const BUTTON =
  'rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60';

/**
 * An instalment order's contract, on its confirmation page: made for the plan chosen at checkout
 * (or chosen here again), then signed with the code Uzum Nasiya texts the buyer. The page's
 * polling shows it paid.
 */
export function InstalmentSigning({
  order,
  link,
  months,
  onChanged,
}: {
  order: ShopperOrder;
  link: OrderLink;
  months: number | undefined;
  onChanged: () => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  // The phone's code from checkout was lost or expired: the buyer checks (and proves it) again here.
  const [reprove, setReprove] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  const fail = (error: unknown) => {
    const code = apiErrorCode(error);
    if (code === 'PHONE_CODE_REQUIRED') setReprove(true);
    else if (code === 'INSTALMENT_REFUSED') setRefusal(error);
    else toast.error(apiErrorMessage(error, t, 'storefront:checkout.failed'));
    // Uzum said no, or the contract was cancelled after too many wrong codes: the order is read
    // again, and the page offers the other ways to pay.
    if (code === 'INSTALMENT_CODE_LOCKED' || code === 'INSTALMENT_REFUSED') onChanged();
  };
  if (refusal !== undefined) return <InstalmentRefused error={refusal} />;
  // A reload while the code is awaited lands here again: the contract is kept, only the code is asked.
  if (order.payment.status === 'pending' && order.payment.instalment) {
    return <CodeForm link={link} onChanged={onChanged} fail={fail} />;
  }
  if (order.payment.status !== 'unpaid') return null;
  if (months && !reprove) return <SignButton link={link} months={months} onChanged={onChanged} fail={fail} />;
  return <PlanChoice order={order} link={link} onChanged={onChanged} fail={fail} />;
}

/** Uzum refused the contract: the shop's sentence and Uzum's words; the page's other ways to pay stay. */
function InstalmentRefused({ error }: { error: unknown }) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <div role="alert" className="mt-8 flex w-full flex-col gap-1 text-left" data-testid="instalment-refused">
      <p className="text-sm text-red-700">{t('common:errors.INSTALMENT_REFUSED')}</p>
      <UzumReason error={error} />
    </div>
  );
}

interface Step {
  link: OrderLink;
  onChanged: () => void;
  fail: (error: unknown) => void;
}

function SignButton({ link, months, onChanged, fail }: Step & { months: number }) {
  const { t } = useTranslation(['storefront', 'common']);
  const [create, creating] = useCreateInstalmentContractMutation();
  return (
    <button
      type="button"
      disabled={creating.isLoading}
      className={`mt-8 ${BUTTON}`}
      onClick={() =>
        void create({ ...link, months })
          .unwrap()
          .then(onChanged, fail)
      }
    >
      {t('instalments.sign', { months })}
    </button>
  );
}

/**
 * The link lost the plan chosen at checkout (or was opened elsewhere): the buyer checks again by
 * the phone they ordered with and chooses a plan here. The page holds no phone of its own, as the
 * link may be shared; the contract is made for the order's phone whatever is typed.
 */
function PlanChoice({ order, ...step }: Step & { order: ShopperOrder }) {
  const { t } = useTranslation(['storefront', 'common']);
  const [phone, setPhone] = useState('');
  const [months, setMonths] = useState<number>();
  return (
    <div className="mt-8 flex w-full flex-col gap-3 text-left" data-testid="instalment-plans">
      <p className="text-sm text-stone-800">{t('instalments.resume')}</p>
      <FormField
        label={t('checkout.phone')}
        type="tel"
        value={phone}
        autoComplete="tel"
        onChange={(event) => {
          setPhone(event.target.value);
          setMonths(undefined);
        }}
      />
      <InstalmentCheck phone={phone} amount={order.total} months={months} onMonths={setMonths} />
      {months && <SignButton {...step} months={months} />}
    </div>
  );
}

function CodeForm({ link, onChanged, fail }: Step) {
  const { t } = useTranslation(['storefront', 'common']);
  const [code, setCode] = useState('');
  const [confirm, confirming] = useConfirmInstalmentMutation();
  const [resend, resending] = useResendInstalmentCodeMutation();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await confirm({ ...link, code: code.trim() }).unwrap();
      setPending(answer.status === 'pending');
      onChanged();
    } catch (refused) {
      setError(apiErrorMessage(refused, t, 'storefront:checkout.failed'));
      if (apiErrorCode(refused) === 'INSTALMENT_CODE_LOCKED') onChanged();
    }
  };
  if (pending) return <p className="mt-6 text-stone-700">{t('instalments.confirming')}</p>;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-6 flex w-full flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4 text-left"
    >
      <p className="text-sm text-stone-800">{t('instalments.codeSent')}</p>
      <FormField
        label={t('instalments.code')}
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={confirming.isLoading} busyLabel={t('instalments.checking')} className={BUTTON}>
          {t('instalments.confirm')}
        </SubmitButton>
        <button
          type="button"
          disabled={resending.isLoading}
          className="text-sm font-semibold text-violet-800 underline"
          onClick={() =>
            void resend(link)
              .unwrap()
              .then(() => toast.success(t('instalments.resent')), fail)
          }
        >
          {t('instalments.resend')}
        </button>
      </div>
    </form>
  );
}

/** The contract's terms in the order's facts. */
export function InstalmentTermsLine({ order }: { order: ShopperOrder }) {
  const { t, i18n } = useTranslation('storefront');
  const instalment = order.payment.instalment;
  if (!instalment) return null;
  return (
    <>
      <dt className="text-stone-600">{t('instalments.instalment')}</dt>
      <dd data-testid="instalment-terms">
        {t('instalments.contractLine', {
          months: instalment.months,
          monthly: formatSom(instalment.monthly, i18n.language),
        })}
      </dd>
    </>
  );
}
