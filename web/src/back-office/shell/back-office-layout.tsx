import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_ADMIN_ROLES, type Role } from '@shop/common';
import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../entities/session/session-slice';
import {
  ChevronLeft,
  History,
  LayoutDashboard,
  Menu,
  Package,
  Receipt,
  Star,
  Store,
  Users,
  X,
} from 'lucide-react';

const NAV = [
  { to: '/admin', end: true, key: 'nav.dashboard', Icon: LayoutDashboard },
  { to: '/admin/products', end: false, key: 'nav.products', Icon: Package },
  { to: '/admin/orders', end: false, key: 'nav.orders', Icon: Receipt },
  { to: '/admin/users', end: false, key: 'nav.users', Icon: Users },
  { to: '/admin/reviews', end: false, key: 'nav.reviews', Icon: Star },
  // The audit log and the alerts' status are for admins and the CEO (the server says 403 to others).
  { to: '/admin/audit', end: false, key: 'nav.audit', Icon: History, roles: USER_ADMIN_ROLES },
] as const;

/** The staff screens' icons are a little smaller than the shop's. */
const ICON_SIZE = 20;
const COLLAPSED_KEY = 'adminSidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const user = useSelector(selectCurrentUser);
  const shown = NAV.filter(
    (entry) => !('roles' in entry) || (!!user && entry.roles.includes(user.role as Role)),
  );
  const item = (active: boolean) =>
    `flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium ${
      active ? 'bg-brand-600 text-white' : 'text-stone-200 hover:bg-white/10 hover:text-white'
    } ${collapsed ? 'justify-center' : ''}`;
  return (
    <nav aria-label={t('nav.label')} className="flex flex-1 flex-col gap-1 p-2">
      {shown.map(({ to, end, key, Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) => item(isActive)}
          title={collapsed ? t(key) : undefined}
        >
          <Icon size={ICON_SIZE} />
          <span className={collapsed ? 'sr-only' : ''}>{t(key)}</span>
        </NavLink>
      ))}
      <div className="mt-auto border-t border-white/10 pt-2">
        <Link to="/" className={item(false)} title={collapsed ? t('nav.backToShop') : undefined}>
          <Store size={ICON_SIZE} />
          <span className={collapsed ? 'sr-only' : ''}>{t('nav.backToShop')}</span>
        </Link>
      </div>
    </nav>
  );
}

/** Collapsible sidebar on a desktop, a drawer behind the menu button on a phone. */
export function BackOfficeLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const user = useSelector(selectCurrentUser);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    try {
      localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // Storage may be unavailable; the sidebar just forgets.
    }
  }, [collapsed]);

  // A route change closes the phone drawer.
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    if (drawerOpen) setDrawerOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const userLine = user ? `${user.fullName || user.name} · ${t(`roles.${user.role}`)}` : '';

  return (
    <div className="min-h-screen bg-stone-100 md:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>

      {/* Phone top bar */}
      <header className="sticky top-0 z-30 flex items-center justify-between bg-stone-900 px-3 py-2 text-white md:hidden">
        <button
          type="button"
          className="rounded-md p-2 hover:bg-white/10"
          aria-label={t('nav.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls="admin-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <Menu size={ICON_SIZE} />
        </button>
        <span className="font-semibold">{t('nav.title')}</span>
        <Link to="/" className="rounded-md p-2 hover:bg-white/10" aria-label={t('nav.backToShop')}>
          <Store size={ICON_SIZE} />
        </Link>
      </header>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 md:hidden">
          <button
            type="button"
            className="absolute inset-0 bg-black/50"
            aria-label={t('nav.closeMenu')}
            tabIndex={-1}
            onClick={() => setDrawerOpen(false)}
          />
          <aside
            id="admin-drawer"
            className="absolute inset-y-0 left-0 flex w-64 max-w-[80vw] flex-col bg-stone-900 text-white shadow-xl"
          >
            <div className="flex items-center justify-between px-4 py-3">
              <span className="font-semibold">{t('nav.title')}</span>
              <button
                type="button"
                className="rounded-md p-2 hover:bg-white/10"
                aria-label={t('nav.closeMenu')}
                onClick={() => setDrawerOpen(false)}
                autoFocus
              >
                <X size={ICON_SIZE} />
              </button>
            </div>
            {userLine && <p className="px-4 pb-2 text-xs text-stone-300">{userLine}</p>}
            <SidebarNav collapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </aside>
        </div>
      )}

      {/* Desktop sidebar */}
      <aside
        className={`sticky top-0 hidden h-screen shrink-0 flex-col bg-stone-900 text-white transition-[width] md:flex ${collapsed ? 'w-16' : 'w-60'}`}
      >
        <div
          className={`flex items-center gap-2 px-3 py-4 ${collapsed ? 'justify-center' : 'justify-between'}`}
        >
          {!collapsed && <span className="truncate font-semibold">{t('nav.title')}</span>}
          <button
            type="button"
            className="rounded-md p-2 hover:bg-white/10"
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
          >
            <ChevronLeft size={ICON_SIZE} className={collapsed ? 'rotate-180' : ''} />
          </button>
        </div>
        {!collapsed && userLine && <p className="truncate px-4 pb-2 text-xs text-stone-300">{userLine}</p>}
        <SidebarNav collapsed={collapsed} />
      </aside>

      <main id="admin-main" className="min-w-0 flex-1 p-3 sm:p-6" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
