import { Link, NavLink } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { CATEGORIES } from '@shop/common';
import { authPathReturningTo } from '../../../lib/return-to';
import { selectCartLineCount } from '../../../entities/cart/cart-slice';
import {
  selectCurrentUser,
  selectIsAuthenticated,
  selectIsStaff,
} from '../../../entities/session/session-slice';
import { useSignOut } from '../hooks/use-sign-out';
import { LanguageSwitcher } from './language-switcher';
import { navClass } from './nav-link-class';

const blockNavClass = (state: { isActive: boolean }) => `${navClass(state)} block`;

/** The phone's menu under the header: pages, categories, the cart, the account and the language. */
export function MobileMenu({ here }: { here: string }) {
  const { t } = useTranslation('common');
  const lines = useSelector(selectCartLineCount);
  return (
    <nav
      id="mobile-menu"
      aria-label={t('nav.mobile')}
      className="border-t border-stone-200 bg-white px-4 pb-4 lg:hidden"
    >
      <ul className="flex flex-col py-2">
        <li>
          <NavLink to="/" end className={blockNavClass}>
            {t('nav.home')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/products" className={blockNavClass}>
            {t('nav.products')}
          </NavLink>
        </li>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link to={`/products?category=${category}`} className="block px-6 py-2 text-stone-600">
              {t(`categories.${category}.name`)}
            </Link>
          </li>
        ))}
        <li>
          <NavLink to="/portfolio" className={blockNavClass}>
            {t('nav.myOrders')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/cart" className={blockNavClass}>
            {t('nav.cartWithCount', { count: lines })}
          </NavLink>
        </li>
        <AccountItems here={here} />
      </ul>
      <LanguageSwitcher className="sm:hidden" />
    </nav>
  );
}

/** Staff get the admin link; a signed-in user signs out here; a guest logs in or signs up. */
function AccountItems({ here }: { here: string }) {
  const { t } = useTranslation('common');
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const isStaff = useSelector(selectIsStaff);
  const user = useSelector(selectCurrentUser);
  const signOut = useSignOut();
  if (!isAuthenticated) {
    return (
      <>
        <li>
          <NavLink to={authPathReturningTo('/login', here)} className={blockNavClass}>
            {t('nav.login')}
          </NavLink>
        </li>
        <li>
          <NavLink to={authPathReturningTo('/signup', here)} className={blockNavClass}>
            {t('nav.signup')}
          </NavLink>
        </li>
      </>
    );
  }
  return (
    <>
      {isStaff && (
        <li>
          <Link to="/admin" className="block px-3 py-2 font-medium text-stone-700">
            {t('nav.admin')}
          </Link>
        </li>
      )}
      <li>
        <button
          type="button"
          onClick={signOut}
          className="block w-full px-3 py-2 text-left font-medium text-stone-700"
        >
          {t('nav.signOut')} ({user?.fullName || user?.name})
        </button>
      </li>
    </>
  );
}
