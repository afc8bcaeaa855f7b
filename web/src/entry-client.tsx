import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import i18n, { i18nReady } from './lib/i18n';
import { pageCacheArrived } from './lib/api';
import { PAGE_STATE_ID } from './app/document';
import { PageShell } from './app/page-shell';
import { browserLoaders } from './app/page-loaders';
import { createRoutes } from './app/routes';
import { makePageStore, restoreFromStorage } from './lib/store/store';
import type { PageState } from './app/page-state';

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

/** Marks the page as interactive (tests and journeys wait for it). */
const markHydrated = () => document.documentElement.setAttribute('data-hydrated', 'true');

async function start() {
  const stateText = document.getElementById(PAGE_STATE_ID)?.textContent;
  const state = stateText ? (JSON.parse(stateText) as PageState) : null;
  await i18nReady.catch(() => undefined);
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
  const app = (
    <StrictMode>
      <PageShell
        store={store}
        i18n={i18n}
        site={site}
        renderedAt={state?.renderedAt ?? null}
        onHydrated={onHydrated}
        document={state && stateText ? { assets: state.assets, state: stateText } : undefined}
      >
        <RouterProvider router={router} />
      </PageShell>
    </StrictMode>
  );
  if (state) hydrateRoot(document, app);
  // `vite` dev server: no server rendering, the app renders into index.html's #root.
  else createRoot(document.getElementById('root')!).render(app);
}

void start();
