import { lazy, type ComponentType } from 'react';

const nothing = () => null;

/**
 * A part of a server-rendered page that hydrates after the rest, from its own chunk (not in the
 * page's first load, decision 010). In the browser its code is asked for as soon as this is
 * defined, with the app, so it arrives while the page hydrates instead of one round trip after
 * hydration reaches it; a tap held until the page has fully hydrated is then not kept waiting.
 * Such a part is never the page's point: if its code cannot be had, it is left out, and the page
 * stays (a failed import thrown on took the whole page with it, to the router's error screen).
 */
export function laterPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const early = typeof window === 'undefined' ? null : load();
  // Handled when the part renders (below), not an unhandled rejection meanwhile.
  early?.catch(() => undefined);
  return lazy(async () => {
    try {
      return { default: await (early ?? load()) };
    } catch {
      // Once more: a phone's network drops a request now and then.
      return { default: await load().catch(() => nothing) };
    }
  });
}
