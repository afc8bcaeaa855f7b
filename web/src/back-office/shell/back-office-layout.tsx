import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { DesktopSidebar } from './desktop-sidebar';
import { PhoneMenu } from './phone-menu';

/** Collapsible sidebar on a desktop, a drawer behind the menu button on a phone. */
export function BackOfficeLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-h-screen bg-stone-100 md:flex print:bg-white">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      {/* A printed page (the run sheet) is the screen's content alone. */}
      <div className="contents print:hidden">
        <PhoneMenu />
        <DesktopSidebar />
      </div>
      <main id="admin-main" className="min-w-0 flex-1 p-3 sm:p-6 print:p-0" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
