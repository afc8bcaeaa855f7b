import { Outlet } from 'react-router';
import { Navbar } from './components/navbar';
import { Footer } from './components/footer';
import { MiniAppMount } from '../../entities/telegram/mini-app-mount';

/** The shop's pages: header, the page, footer (and, inside Telegram, the Mini App's part). */
export function StorefrontLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <MiniAppMount />
      {/* At least a screen tall: the footer never shows in the first view and then jumps down. */}
      <main id="main" className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
