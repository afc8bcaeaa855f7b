import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { authPathReturningTo } from '../../../lib/return-to';

/**
 * Pages are rendered signed out (the session is the browser's), so the signed-in menu is never part
 * of a page's first render: its code comes once a session is restored, not in the first load.
 */
const UserMenu = lazy(() => import('./user-menu'));

/** The desktop header's account corner: the signed-in user's menu, or log-in and sign-up links. */
export function AccountMenu({ isAuthenticated, here }: { isAuthenticated: boolean; here: string }) {
  const { t } = useTranslation('common');
  if (isAuthenticated)
    return (
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>
    );
  return (
    <div className="hidden items-center gap-1 lg:flex">
      <Link
        to={authPathReturningTo('/login', here)}
        className="rounded-md px-3 py-2 font-medium text-stone-700 hover:text-brand-700"
      >
        {t('nav.login')}
      </Link>
      <Link
        to={authPathReturningTo('/signup', here)}
        className="rounded-lg bg-brand-700 px-3 py-2 font-medium text-white hover:bg-brand-800"
      >
        {t('nav.signup')}
      </Link>
    </div>
  );
}
