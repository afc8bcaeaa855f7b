import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Navbar } from './components/navbar';
import { MiniAppMount } from '../../entities/telegram/mini-app-mount';
import { laterPart } from '../../lib/later-part';

/** Below every page (~1.3 KB gzip): its HTML and links work until it has hydrated. */
const Footer = laterPart(() => import('./components/footer').then((module) => module.Footer));

/**
 * The shop's pages: header, the page, footer (and, inside Telegram, the Mini App's part).
 * The page and the footer are Suspense boundaries: hydrating a server page, React makes the header
 * interactive first and hydrates them just after, in the background; a tap inside one before then
 * makes React hydrate that part at once and then handle the tap (decision 027).
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
