import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { QuoteLine } from './request-quote-dialog';

// The dialog (and the zod schema it validates with, ~25 KB gzip) loads on the first tap, not with
// the product page: first-load budget, decision 027.
const RequestQuoteDialog = lazy(() =>
  import('./request-quote-dialog').then(({ RequestQuoteDialog: Dialog }) => ({ default: Dialog })),
);

/** "Request a price": for quantities beyond the stock, or an organisation's purchase. */
export function RequestQuoteButton({
  lines,
  ready = () => true,
}: {
  lines: QuoteLine[];
  /** Asked on the tap: the dialog opens only once the lines can be priced (a colour chosen). */
  ready?: () => boolean;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => ready() && setOpen(true)}
        className="rounded-lg border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t('quote.requestButton')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <RequestQuoteDialog open lines={lines} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
