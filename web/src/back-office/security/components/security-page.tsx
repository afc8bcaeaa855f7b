import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { toDataURL } from 'qrcode';
import type { SecondFactorSetup } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { btn, card, fieldError, input, label } from '../../components/styles';
import {
  useConfirmSecondFactorMutation,
  useGetSecondFactorQuery,
  useStartSecondFactorMutation,
} from '../api/second-factor-api';

/** The QR code of the otpauth address, drawn here in the back office (the storefront never loads it). */
function SetupQr({ setup }: { setup: SecondFactorSetup }) {
  const { t } = useTranslation('admin');
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(setup.otpauthUrl, { margin: 1, width: 220 }).then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [setup.otpauthUrl]);
  return (
    <div className="space-y-2">
      <p className="text-sm text-stone-700">{t('security.scan')}</p>
      {image && <img src={image} alt={t('security.qrAlt')} width={220} height={220} />}
      <p className="text-sm text-stone-700">
        {t('security.typeSecret')}{' '}
        <code data-testid="totp-secret" className="break-all font-mono">
          {setup.secret}
        </code>
      </p>
    </div>
  );
}

function ConfirmForm({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, { isLoading }] = useConfirmSecondFactorMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onConfirmed((await confirm(code.trim()).unwrap()).recoveryCodes);
    } catch (error) {
      const message = apiErrorMessage(error, t, 'admin:security.confirmFailed');
      setProblem(message);
      toast.error(message);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="totp-code" className={label}>
          {t('security.code')}
        </label>
        <input
          id="totp-code"
          className={input}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={!!problem}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
        />
        {problem && <p className={fieldError}>{problem}</p>}
      </div>
      <button type="submit" className={btn.primary} disabled={isLoading || code.trim().length !== 6}>
        {t('security.confirm')}
      </button>
    </form>
  );
}

/** The staff member's own sign-in settings: two-factor sign-in with an authenticator app. */
export function SecurityPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { data: status } = useGetSecondFactorQuery();
  const [start, { isLoading: starting }] = useStartSecondFactorMutation();
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  // Shown once, right after confirming: the server keeps only their hashes.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const begin = async () => {
    try {
      setSetup(await start().unwrap());
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:security.startFailed'));
    }
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('security.title')}</h1>
      <section className={`${card} max-w-2xl space-y-4 p-5`} aria-labelledby="second-factor-title">
        <h2 id="second-factor-title" className="text-lg font-semibold">
          {t('security.secondFactor')}
        </h2>
        <p className="text-sm text-stone-700">{t('security.intro')}</p>
        {status?.required && !status.enabled && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('security.required')}
          </p>
        )}
        {recoveryCodes ? (
          <div className="space-y-2">
            <p className="font-medium text-green-800">{t('security.on')}</p>
            <p className="text-sm text-stone-700">{t('security.recoveryIntro')}</p>
            <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
              {recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : status?.enabled ? (
          <p className="font-medium text-green-800">
            {t('security.onSince', { count: status.recoveryCodesLeft })}
          </p>
        ) : setup ? (
          <>
            <SetupQr setup={setup} />
            <ConfirmForm onConfirmed={setRecoveryCodes} />
          </>
        ) : (
          <button type="button" className={btn.primary} onClick={begin} disabled={starting || !status}>
            {t('security.setUp')}
          </button>
        )}
      </section>
    </div>
  );
}
