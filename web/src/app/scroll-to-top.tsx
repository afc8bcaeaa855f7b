import { useLocation } from 'react-router';
import { useScrollToTopOn } from '../lib/use-scroll-to-top';

/**
 * A new page starts at its top at once, before it is painted: a smooth scroll from the old page's
 * position took seconds on a long page. Smooth scrolling stays for moves within a page (index.css).
 */
export function ScrollToTop() {
  useScrollToTopOn(useLocation().pathname);
  return null;
}
