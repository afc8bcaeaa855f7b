import { Outlet } from 'react-router';
import { Navbar } from './components/navbar';
import { Footer } from './components/footer';

/** The shop's pages: header, the page, footer. */
export function StorefrontLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      {/* At least a screen tall: the footer never shows in the first view and then jumps down. */}
      <main id="main" className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
