import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import i18n, { loadPageTexts, restoreStoredLanguage } from '../lib/i18n';
import { pageCacheArrived } from '../lib/api';
import { PageShell } from './page-shell';
import { replayEarlyTaps } from './early-taps';
import { browserLoaders } from './page-loaders';
import { createRoutes } from './routes';
import { makePageStore, restoreFromStorage } from './store';
import type { PageState } from './page-state';

/**
 * The lazy route modules of the page being hydrated are loaded first: the first render in the
 * browser must be the page the server rendered, not a loading state.
 */
async function loadMatchedModules(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Marks the page as interactive (tests and journeys wait for it): its frame is hydrated, and a tap
 * on a part still hydrating (storefront-layout) makes React hydrate that part and then handle it.
 */
const markHydrated = () => {
  document.documentElement.setAttribute('data-hydrated', 'true');
  // npm run bench:web reads it against the first contentful paint.
  performance.mark('hydrated');
};

/**
 * Hydrates the page the server rendered with the state it carries (as written and as read), or,
 * under the `vite` dev server (no state), renders the app into index.html's #root.
 */
export default async function hydrate(page: { text: string; state: PageState } | null) {
  const state = page?.state ?? null;
  const stateText = page?.text ?? null;
  await loadPageTexts(state?.texts);
  const store = makePageStore();
  if (state) store.dispatch(pageCacheArrived(state.cache));
  const routes = createRoutes(browserLoaders(store));
  await loadMatchedModules(routes);
  const router = createBrowserRouter(routes, state ? { hydrationData: state.hydration } : undefined);
  const site = state?.site ?? { publicUrl: window.location.origin, shopName: 'Mebel Shop' };
  const onHydrated = () => {
    restoreFromStorage(store);
    markHydrated();
  };
  // Once every part has hydrated too: a field of a part still hydrating has no React state to hand
  // a held value to, and such a part must render the language of its HTML.
  const onSettled = () => {
    performance.mark('page-hydrated');
    // A task later, outside React's effects: each replayed event is then rendered before the next
    // (a submit reads the fields restored just before it).
    setTimeout(() => void replayEarlyTaps(), 0);
    void restoreStoredLanguage();
  };
  const app = (
    <StrictMode>
      <PageShell
        store={store}
        i18n={i18n}
        site={site}
        renderedAt={state?.renderedAt ?? null}
        onHydrated={onHydrated}
        onSettled={onSettled}
        document={state && stateText ? { assets: state.assets, state: stateText } : undefined}
      >
        <RouterProvider router={router} />
      </PageShell>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (what React Router's own entry does).
  if (state) startTransition(() => void hydrateRoot(document, app));
  // `vite` dev server: no server rendering, the app renders into index.html's #root.
  else createRoot(document.getElementById('root')!).render(app);
}
