import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { apiErrorMessage } from '../../../lib/api-error';
import { saveFile } from '../../../lib/saved-file';
import { toast } from '../../../lib/toast';
import { useExportMyDataMutation } from '../api/account-data-api';
import { DeleteAccountDialog } from './delete-account-dialog';

const buttonClass = 'rounded-lg border px-4 py-2 font-medium disabled:cursor-wait disabled:opacity-60';

/**
 * A customer's own data on their account page: everything the shop keeps, as a JSON file, and the
 * account's deletion. Loaded only for a signed-in customer, so guests never fetch its code.
 */
export default function AccountPrivacy({ phoneNumber }: { phoneNumber: string }) {
  const { t } = useTranslation(['storefront', 'common']);
  const [exportMyData, { isLoading }] = useExportMyDataMutation();
  const [deleting, setDeleting] = useState(false);

  async function download() {
    try {
      saveFile(await exportMyData().unwrap());
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'storefront:privacy.account.downloadFailed'));
    }
  }

  return (
    <section
      aria-labelledby="account-privacy"
      className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
      data-testid="account-privacy"
    >
      <h2 id="account-privacy" className="text-lg font-semibold">
        {t('privacy.account.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('privacy.account.intro')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={isLoading}
          aria-busy={isLoading}
          onClick={() => void download()}
          className={`${buttonClass} border-stone-300 hover:bg-stone-100`}
        >
          {isLoading ? t('privacy.account.downloading') : t('privacy.account.download')}
        </button>
        <button
          type="button"
          onClick={() => setDeleting(true)}
          className={`${buttonClass} border-red-300 text-red-700 hover:bg-red-50`}
        >
          {t('privacy.account.delete')}
        </button>
      </div>
      {deleting && <DeleteAccountDialog phoneNumber={phoneNumber} onClose={() => setDeleting(false)} />}
    </section>
  );
}
