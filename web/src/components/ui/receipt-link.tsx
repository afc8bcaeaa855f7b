import { useTranslation } from '../../lib/use-translation';

/** The fiscal receipt of an online payment, on the tax office's site (opens in a new tab). */
export function ReceiptLink({ url }: { url: string | undefined }) {
  const { t } = useTranslation('common');
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="font-semibold text-brand-700 underline"
      data-testid="receipt-link"
    >
      {t('payment.receipt')}
    </a>
  );
}
