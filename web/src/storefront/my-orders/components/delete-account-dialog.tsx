import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { PHONE_CODE, STORAGE_KEYS } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { baseApi } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { writeStorage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { SubmitButton } from '../../../components/ui/submit-button';
import { logout } from '../../../entities/session/session-slice';
import { PhoneCodeField } from '../../../entities/session/phone-code-field';
import { usePhoneCode } from '../../../entities/session/use-phone-code';
import { useDeleteMyAccountMutation } from '../api/account-data-api';
import { writeLookupCode } from '../lib/lookup-code';

/**
 * Deleting the account: what stays and what goes, then the SMS code sent to the account's phone,
 * then the deletion. Done, the shopper is signed out (the token no longer works) and goes home.
 */
export function DeleteAccountDialog({ phoneNumber, onClose }: { phoneNumber: string; onClose: () => void }) {
  const { t } = useTranslation(['storefront', 'common']);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const phoneCode = usePhoneCode('account');
  const [deleteMyAccount, { isLoading }] = useDeleteMyAccountMutation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== PHONE_CODE.digits) return setProblem(t('phoneCode.required'));
    try {
      await deleteMyAccount({ code }).unwrap();
    } catch (error) {
      setProblem(apiErrorMessage(error, t, 'storefront:privacy.account.deleteFailed'));
      return;
    }
    // Nothing of the account stays on this device either: the phone remembered for "My orders".
    writeStorage(STORAGE_KEYS.portfolioPhone, null);
    writeLookupCode(null);
    dispatch(logout());
    dispatch(baseApi.util.resetApiState());
    toast.success(t('privacy.account.deleted'));
    navigate('/');
  }

  return (
    <Modal open title={t('privacy.account.deleteTitle')} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">{t('privacy.account.deleteExplain')}</p>
        {phoneCode.sentTo ? (
          <PhoneCodeField
            state={phoneCode}
            value={code}
            error={problem}
            onChange={(next) => {
              setCode(next);
              setProblem(undefined);
            }}
          />
        ) : (
          <button
            type="button"
            disabled={phoneCode.sending}
            onClick={() => void phoneCode.request(phoneNumber)}
            className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100 disabled:opacity-60"
          >
            {phoneCode.sending
              ? t('phoneCode.sending')
              : t('privacy.account.sendCode', { phone: phoneNumber })}
          </button>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-stone-300 px-4 py-2 font-medium"
          >
            {t('common:actions.cancel')}
          </button>
          {phoneCode.sentTo && (
            <SubmitButton
              busy={isLoading}
              busyLabel={t('privacy.account.deleting')}
              className="rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {t('privacy.account.deleteConfirm')}
            </SubmitButton>
          )}
        </div>
      </form>
    </Modal>
  );
}
