import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { Menu, Store, X } from 'lucide-react';
import { ICON_SIZE, SidebarNav } from './sidebar-nav';
import { useUserLine } from './use-user-line';

/** On a phone: a top bar whose menu button opens the navigation as a drawer. */
export function PhoneMenu() {
  const { t } = useTranslation('admin');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
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

  return (
    <>
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
      {drawerOpen && <Drawer onClose={() => setDrawerOpen(false)} />}
    </>
  );
}

function Drawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const userLine = useUserLine();
  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <button
        type="button"
        className="absolute inset-0 bg-black/50"
        aria-label={t('nav.closeMenu')}
        tabIndex={-1}
        onClick={onClose}
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
            onClick={onClose}
            autoFocus
          >
            <X size={ICON_SIZE} />
          </button>
        </div>
        {userLine && <p className="px-4 pb-2 text-xs text-stone-300">{userLine}</p>}
        <SidebarNav collapsed={false} onNavigate={onClose} />
      </aside>
    </div>
  );
}
