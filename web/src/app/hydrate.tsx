import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setAutoFreeze } from 'immer';
import i18n, { loadPageTexts, restoreStoredLanguage } from '../lib/i18n';
import { pageCacheArrived } from '../lib/api';
import { removeServerHeadTags } from '../components/seo/head';
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
 * Marks the page as interactive (tests and journeys wait for it): it is hydrated, but for the parts
 * whose code is still coming (lib/later-part.ts), whose server HTML shows and works meanwhile.
 */
const markHydrated = () => {
  document.documentElement.setAttribute('data-hydrated', 'true');
  // npm run bench:web reads it against the first contentful paint.
  performance.mark('hydrated');
};

/**
 * Hydrates the app the server rendered into #root (the document around it is the server's alone:
 * app/document.tsx) with the state the page carries, or, under the `vite` dev server (no state),
 * renders the app into index.html's #root. On Preact (decision 027) hydration is one task; the
 * head tags are written again by the page's Head, so the server's go first.
 */
export default async function hydrate(state: PageState | null) {
  // Tests and the dev server keep immer freezing the store's state (a stray write throws there); a
  // shopper's browser skips the deep walk over every new cache entry, a fifth of the task after
  // hydration on the product page (decision 027).
  if (import.meta.env.PROD) setAutoFreeze(false);
  await loadPageTexts(state?.texts);
  const store = makePageStore();
  if (state) store.dispatch(pageCacheArrived(state.cache));
  const routes = createRoutes(browserLoaders(store));
  await loadMatchedModules(routes);
  const router = createBrowserRouter(routes, state ? { hydrationData: state.hydration } : undefined);
  const site = state?.site ?? { publicUrl: window.location.origin, shopName: 'Mebel Shop' };
  // Once every part has hydrated too: a part hydrates with the state the server rendered (its
  // attributes stay as written), a field of a part still coming has no state to hand a held value
  // to, and such a part must render the language of its HTML.
  const onSettled = () => {
    restoreFromStorage(store);
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
        onHydrated={markHydrated}
        onSettled={onSettled}
      >
        <RouterProvider router={router} />
      </PageShell>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  if (state) {
    // The work before it (texts, routes, the page's module) ends its task here: hydration starts a
    // new one, so no one task of the page's start is the sum of both.
    await new Promise((resolve) => setTimeout(resolve, 0));
    removeServerHeadTags();
    hydrateRoot(root, app);
  }
  // `vite` dev server: no server rendering, the app renders into index.html's #root.
  else createRoot(root).render(app);
}
