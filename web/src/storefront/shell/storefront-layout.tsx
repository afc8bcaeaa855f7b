import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Navbar } from './components/navbar';
import { MiniAppMount } from '../../entities/telegram/mini-app-mount';
import { laterPart } from '../../lib/later-part';

/** Below every page (~1.3 KB gzip): its HTML and links work until it has hydrated. */
const Footer = laterPart('footer', () => import('./components/footer').then((module) => module.Footer));

/**
 * The shop's pages: header, the page, footer (and, inside Telegram, the Mini App's part). The footer
 * is a later part (lib/later-part.ts): its HTML shows and its links work until its code has come
 * and it has hydrated; the Suspense boundaries keep a part or a page still loading from blanking the
 * rest (decision 027).
 */
export function StorefrontLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <MiniAppMount />
      {/* At least a screen tall: the footer never shows in the first view and then jumps down. */}
      <main id="main" className="min-h-screen flex-1">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
