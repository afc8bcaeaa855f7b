import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComponentProps } from 'react';
import { RequestQuoteDialog } from './request-quote-dialog';

/** "Request a price": for quantities beyond the stock, or an organisation's purchase. */
export function RequestQuoteButton({ lines }: Pick<ComponentProps<typeof RequestQuoteDialog>, 'lines'>) {
  const { t } = useTranslation(['storefront', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t('quote.requestButton')}
      </button>
      {open && <RequestQuoteDialog open lines={lines} onClose={() => setOpen(false)} />}
    </>
  );
}
