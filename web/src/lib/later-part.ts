import { lazy, type ComponentType } from 'react';

/**
 * A part of a server-rendered page that hydrates after the rest, from its own chunk (not in the
 * page's first load, decision 010). In the browser its code is asked for as soon as this is
 * defined, with the app, so it arrives while the page hydrates instead of one round trip after
 * hydration reaches it; a tap held until the page has fully hydrated is then not kept waiting.
 */
export function laterPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const loading = typeof window === 'undefined' ? null : load();
  return lazy(async () => ({ default: await (loading ?? load()) }));
}
