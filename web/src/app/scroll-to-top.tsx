import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A new page starts at its top at once, before it is painted: a smooth scroll from the old page's
 * position took seconds on a long page. Smooth scrolling stays for moves within a page (index.css).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
