import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { Menu, X } from 'lucide-react';
import { CATEGORIES } from '@shop/common';
import { selectIsAuthenticated } from '../../../entities/session/session-slice';
import { useClosesOnNavigation } from '../hooks/use-closes-on-navigation';
import { AccountMenu } from './account-menu';
import { CartLink } from './cart-link';
import { HeaderSearch } from './header-search';
import { LanguageSwitcher } from './language-switcher';
import { navClass } from './nav-link-class';
import { SavedLink } from './saved-link';
import { useSite } from '../../../lib/site';

const loadMobileMenu = () => import('./mobile-menu');
/** Opened by a tap, never in a page's first render: fetched once the page is up, not in its first load. */
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

export function Navbar() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const site = useSite();
  // Signing in or up from any page comes back to it.
  const here = location.pathname + location.search;
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const [mobileOpen, setMobileOpen] = useClosesOnNavigation();
  useEffect(() => void loadMobileMenu(), []);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        {/* Telegram's own header names the shop inside the Mini App. */}
        <Link
          to="/"
          data-mini-app-hidden
          className="mr-2 flex items-center gap-2 text-xl font-extrabold text-brand-700"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{site.shopName}</span>
        </Link>
        <DesktopNav />
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher className="hidden sm:flex" />
          <SavedLink />
          <CartLink />
          <AccountMenu isAuthenticated={isAuthenticated} here={here} />
          <button
            type="button"
            // On a phone the language is in this menu: a tap before hydration opens it once ready.
            data-early-tap
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
        <Suspense fallback={null}>
          <MobileMenu here={here} />
        </Suspense>
      )}
    </header>
  );
}

/** The wide screen's page links, with the categories between them. */
function DesktopNav() {
  const { t } = useTranslation('common');
  return (
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
  );
}
