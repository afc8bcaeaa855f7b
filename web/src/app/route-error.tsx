import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reloadPage } from '../lib/reload-page';
import { useTranslation } from '../lib/use-translation';

const RELOADED_AT = 'shop:reloadedForMissingCode';

/**
 * A page's code the browser could not fetch (Chromium, Firefox and Safari word it differently):
 * most often the shop was updated since the page was opened, and the old files are gone.
 */
const isMissingCode = (error: unknown): boolean =>
  error instanceof TypeError &&
  /dynamically imported module|importing a module script failed/i.test(error.message);

/** True at most once a minute: a reload that did not help shows the button instead of looping. */
function mayReloadNow(): boolean {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 60_000) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

/**
 * What a page that failed shows instead of React Router's bare error screen (the error's own text,
 * in English, in place of the whole shop), with a reload button. A page whose code is missing
 * reloads by itself once: after an update, the fresh page names the new files.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  useEffect(() => {
    if (isMissingCode(error) && mayReloadNow()) reloadPage();
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center text-stone-700">
      <p>{t('errors.pageFailed')}</p>
      <button
        type="button"
        onClick={reloadPage}
        className="mt-4 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('errors.reload')}
      </button>
    </div>
  );
}
