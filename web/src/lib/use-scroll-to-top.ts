import { useLayoutEffect, useRef } from 'react';

/**
 * Starts the window at its top, at once and before painting, whenever `key` changes (a new page, a
 * new page of results) — never for its first value: the browser placed the first page, and on a slow
 * phone the shopper may have scrolled it before the app hydrated (scrolling it back then threw them
 * to the top).
 */
export function useScrollToTopOn(key: unknown): void {
  const shown = useRef(key);
  useLayoutEffect(() => {
    if (Object.is(shown.current, key)) return;
    shown.current = key;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key]);
}
