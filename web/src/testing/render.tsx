import type { ReactElement } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { makeStore, type RootState } from './store';
import i18n from '../lib/i18n';
import { TEST_ZONES, testQuote } from './delivery';
import type { PrivacyDocument, SiteInfo } from '@shop/common';
import { SiteContext } from '../lib/site';

/** A shop with its address set, as the browser journeys' shop has. */
export const TEST_SITE: SiteInfo = {
  publicUrl: 'http://localhost:3000',
  shopName: 'Mebel Shop',
  contacts: { address: 'Toshkent, Amir Temur 1', social: {} },
};

/** Shows where the app navigated to, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

interface Options {
  route?: string;
  path?: string;
  preloadedState?: Partial<RootState>;
  language?: 'uz' | 'en' | 'ru';
  /** The shop's configuration as the server hands it over (name, contacts). */
  site?: SiteInfo;
}

export async function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { route = '/', path = '*', preloadedState, language = 'en', site } = options;
  await i18n.changeLanguage(language);
  const store = makeStore(preloadedState);
  // A data router, as the app's: components may read their route's loader data.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          { path, element: ui },
          { path: '*', element: null },
        ],
      },
    ],
    { initialEntries: [route] },
  );
  let result!: RenderResult;
  // Inside act, so that parts loaded lazily (lib/later-part.ts) have rendered when this returns.
  const app = (
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer autoClose={false} />
    </Provider>
  );
  await act(async () => {
    // Without `site`, the app's own default: no contacts configured.
    result = render(site ? <SiteContext.Provider value={site}>{app}</SiteContext.Provider> : app);
  });
  return { store, ...result };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type FetchHandler = (
  url: URL,
  init: { method: string; body: unknown; headers: Headers },
) => Response | Promise<Response>;

/**
 * Replaces fetch with a handler; returns the mock to inspect calls. Delivery zones and quotes are
 * answered as a fresh shop would (`testing/delivery.ts`) unless `delivery` handles them. The
 * privacy text is `privacy`, or a 404 (the forms then show no consent and send none).
 */
export function mockFetch(
  handler: FetchHandler,
  delivery?: FetchHandler,
  instalments = false,
  privacy: PrivacyDocument | null = null,
) {
  const deliveryAnswer: FetchHandler = (url, init) => {
    if (delivery) return delivery(url, init);
    return jsonResponse(url.pathname.endsWith('/zones') ? { docs: TEST_ZONES } : testQuote());
  };
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const json = request.headers.get('content-type')?.includes('application/json');
    const url = new URL(request.url);
    // A shop without instalments, unless a test serves them itself.
    if (url.pathname === '/api/instalments/terms' && !instalments) {
      return jsonResponse({ provider: 'uzum_nasiya', plans: [] });
    }
    if (url.pathname === '/api/privacy') {
      return privacy ? jsonResponse(privacy) : jsonResponse({ message: 'Not here', code: 'NOT_FOUND' }, 404);
    }
    return (url.pathname.startsWith('/api/delivery/') ? deliveryAnswer : handler)(url, {
      method: request.method,
      // A multipart body (the product form) is handed over as its text.
      body: text ? (json ? JSON.parse(text) : text) : undefined,
      headers: request.headers,
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
