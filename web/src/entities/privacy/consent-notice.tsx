import { useTranslation } from '../../lib/use-translation';
import { privacyTextIn } from './privacy-text';
import type { Consent } from './use-consent';

/** What the form's button does, as the notice says it: "By placing the order, …". */
export type ConsentAction = 'order' | 'signup' | 'quote';

/**
 * The consent near a form's submit button: one sentence, the link to /privacy (a new tab, so the
 * form keeps what was typed) and the whole text to unfold in place. Nothing until the text loaded:
 * the form then sends no consent either.
 */
export function ConsentNotice({ consent, action }: { consent: Consent; action: ConsentAction }) {
  const { t, i18n } = useTranslation('storefront');
  if (!consent.document) return null;
  return (
    <div className="text-sm text-stone-600" data-testid="consent-notice">
      <p>
        {t(`privacy.consent.${action}`)}{' '}
        <a
          href="/privacy"
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          {t('privacy.consent.link')}
        </a>
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer text-brand-700 hover:underline">
          {t('privacy.consent.read')}
        </summary>
        <p className="mt-2 whitespace-pre-line rounded-lg border border-stone-200 bg-stone-50 p-3 text-xs">
          {privacyTextIn(consent.document, i18n.language)}
        </p>
      </details>
    </div>
  );
}
