import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ChevronLeft } from 'lucide-react';
import { ICON_SIZE, SidebarNav } from './sidebar-nav';
import { useUserLine } from './use-user-line';

const COLLAPSED_KEY = 'adminSidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** On a desktop: the sidebar, collapsible to its icons; the choice is remembered in this browser. */
export function DesktopSidebar() {
  const { t } = useTranslation('admin');
  const userLine = useUserLine();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  useEffect(() => {
    try {
      localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // Storage may be unavailable; the sidebar just forgets.
    }
  }, [collapsed]);

  return (
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
  );
}
