import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, ShoppingCart, X } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { CATEGORIES } from '@shop/common';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi } from '../../../lib/api';
import { authPathReturningTo } from '../../../lib/return-to';
import {
  logout,
  selectCurrentUser,
  selectIsAuthenticated,
  selectIsStaff,
} from '../../../entities/session/session-slice';
import { selectCartLineCount } from '../../../entities/cart/cart-slice';
import { HeaderSearch } from './header-search';
import { LanguageSwitcher } from './language-switcher';
import { SavedLink } from './saved-link';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium ${isActive ? 'text-brand-700' : 'text-stone-700 hover:text-brand-700'}`;

export function Navbar() {
  const { t } = useTranslation('common');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // Signing in or up from any page comes back to it.
  const here = location.pathname + location.search;
  const lines = useSelector(selectCartLineCount);
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const isStaff = useSelector(selectIsStaff);
  const user = useSelector(selectCurrentUser);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.key);
  const userMenuRef = useRef<HTMLDivElement>(null);

  // Menus close on navigation.
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    setMobileOpen(false);
    setUserMenuOpen(false);
  }

  useEffect(() => {
    if (!userMenuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !userMenuRef.current?.contains(event.target as Node)
      ) {
        setUserMenuOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [userMenuOpen]);

  const signOut = () => {
    dispatch(logout());
    dispatch(baseApi.util.resetApiState());
    toast.info(t('nav.signedOut'));
    navigate('/');
  };

  const cartLabel = t('nav.cartWithCount', { count: lines });

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 flex items-center gap-2 text-xl font-extrabold text-brand-700">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('brand')}</span>
        </Link>
        <nav aria-label={t('nav.main')} className="hidden items-center lg:flex">
          <NavLink to="/" end className={navClass}>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/products" className={navClass}>
            {t('nav.products')}
          </NavLink>
          {CATEGORIES.map((category) => (
            <Link
              key={category}
              to={`/products?category=${category}`}
              className="rounded-md px-2 py-2 text-sm text-stone-600 hover:text-brand-700"
            >
              {t(`categories.${category}.name`)}
            </Link>
          ))}
          <NavLink to="/portfolio" className={navClass}>
            {t('nav.myOrders')}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher className="hidden sm:flex" />
          <SavedLink />
          <Link
            to="/cart"
            aria-label={cartLabel}
            className="relative rounded-full p-2 text-stone-700 hover:bg-stone-100"
          >
            <ShoppingCart />
            {lines > 0 && (
              <span
                data-testid="cart-badge"
                aria-hidden="true"
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
              >
                {lines}
              </span>
            )}
          </Link>
          {isAuthenticated ? (
            <div ref={userMenuRef} className="relative hidden lg:block">
              <button
                type="button"
                aria-expanded={userMenuOpen}
                aria-haspopup="true"
                onClick={() => setUserMenuOpen((open) => !open)}
                className="flex items-center gap-2 rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
              >
                <span className="max-w-32 truncate">{user?.fullName || user?.name}</span>
                <span aria-hidden="true">▾</span>
              </button>
              {userMenuOpen && (
                <ul className="absolute right-0 mt-2 w-52 rounded-lg border border-stone-200 bg-white py-1 shadow-lg">
                  {isStaff && (
                    <li>
                      <Link to="/admin" className="block px-4 py-2 hover:bg-stone-100">
                        {t('nav.admin')}
                      </Link>
                    </li>
                  )}
                  <li>
                    <Link to="/portfolio" className="block px-4 py-2 hover:bg-stone-100">
                      {t('nav.myOrders')}
                    </Link>
                  </li>
                  <li>
                    <button
                      type="button"
                      onClick={signOut}
                      className="block w-full px-4 py-2 text-left hover:bg-stone-100"
                    >
                      {t('nav.signOut')}
                    </button>
                  </li>
                </ul>
              )}
            </div>
          ) : (
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
          )}
          <button
            type="button"
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100 lg:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X /> : <Menu />}
          </button>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-2 md:flex md:justify-end">
        <div className="md:w-96">
          <HeaderSearch />
        </div>
      </div>
      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label={t('nav.mobile')}
          className="border-t border-stone-200 bg-white px-4 pb-4 lg:hidden"
        >
          <ul className="flex flex-col py-2">
            <li>
              <NavLink to="/" end className={(state) => `${navClass(state)} block`}>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/products" className={(state) => `${navClass(state)} block`}>
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
              <NavLink to="/portfolio" className={(state) => `${navClass(state)} block`}>
                {t('nav.myOrders')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/cart" className={(state) => `${navClass(state)} block`}>
                {cartLabel}
              </NavLink>
            </li>
            {isAuthenticated ? (
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
            ) : (
              <>
                <li>
                  <NavLink
                    to={authPathReturningTo('/login', here)}
                    className={(state) => `${navClass(state)} block`}
                  >
                    {t('nav.login')}
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={authPathReturningTo('/signup', here)}
                    className={(state) => `${navClass(state)} block`}
                  >
                    {t('nav.signup')}
                  </NavLink>
                </li>
              </>
            )}
          </ul>
          <LanguageSwitcher className="sm:hidden" />
        </nav>
      )}
    </header>
  );
}
