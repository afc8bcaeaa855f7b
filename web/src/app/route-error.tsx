import { useTranslation } from '../lib/use-translation';

/**
 * What a page that failed shows instead of React Router's bare error screen (the error's own text,
 * in English, in place of the whole shop): most often a page's code that could not be had, after a
 * dropped request or a new version of the shop since the page was opened, which a reload fixes.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center text-stone-700">
      <p>{t('errors.pageFailed')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-4 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('errors.reload')}
      </button>
    </div>
  );
}
