import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { STAFF_ROLES } from '@shop/common';
import { ScrollToTop } from './scroll-to-top';
import { StorefrontLayout } from '../storefront/shell/storefront-layout';
import { RedirectIfAuthenticated, RequireRole, SessionGate } from './guards';
import { MissingPageHead, NotFoundPage, SimplePageHead, type TitleKey } from './page-heads';
import { RouteError } from './route-error';
import { categoryRedirect, type PageLoaders } from './page-loaders';
import { PageSpinner } from '../components/ui/spinner';

// The back office is never rendered on the server: it waits for the session, which only the
// browser has, and comes as its own chunk.
const BackOfficeApp = lazy(() => import('../back-office/back-office-app'));

function AppShell() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

type PageModule = Promise<{ default: ComponentType }>;

/**
 * A route module loaded on demand (React Router `lazy`), wrapped with its head and gates. `module`
 * names its source file as Vite's manifest does: the server preloads the page's chunk with it.
 */
const page = (
  module: string,
  load: () => PageModule,
  wrap: (Page: ComponentType) => ReactNode = (Page) => <Page />,
): Pick<RouteObject, 'handle' | 'lazy'> => ({
  handle: { module },
  lazy: async () => {
    const { default: Page } = await load();
    return { Component: () => wrap(Page) };
  },
});

/** A page that shows the stored session, cart or saved list waits for them, under its head. */
const afterRestore =
  (titleKey: TitleKey, noindex = false) =>
  (Page: ComponentType) => (
    <>
      <SimplePageHead titleKey={titleKey} noindex={noindex} />
      <SessionGate>
        <Page />
      </SessionGate>
    </>
  );

/** /login and /signup: a shopper who arrives signed in goes home. */
const authPage = (titleKey: TitleKey) => (Page: ComponentType) => (
  <RedirectIfAuthenticated>
    <SimplePageHead titleKey={titleKey} />
    <Page />
  </RedirectIfAuthenticated>
);

/** A page that needs nothing stored, under its head. */
const withHead = (titleKey: TitleKey) => (Page: ComponentType) => (
  <>
    <SimplePageHead titleKey={titleKey} />
    <Page />
  </>
);

/** The catalogue: server-rendered with its data, so each loads its page's data first. */
const catalogueRoutes = (loaders: PageLoaders): RouteObject[] => [
  {
    index: true,
    loader: loaders.home,
    ...page('src/storefront/home/home-page.tsx', () => import('../storefront/home/home-page')),
  },
  {
    path: 'products',
    loader: loaders.products,
    ...page('src/storefront/products/listing-page.tsx', () => import('../storefront/products/listing-page')),
  },
  {
    path: 'product/:id',
    loader: loaders.product,
    ...page(
      'src/storefront/products/product-detail-page.tsx',
      () => import('../storefront/products/product-detail-page'),
      (Page) => (
        <>
          <MissingPageHead />
          <Page />
        </>
      ),
    ),
  },
  { path: 'category/:id', loader: categoryRedirect },
];

/** The shopper's own pages: the cart, the saved list and their orders. */
const shopperRoutes: RouteObject[] = [
  {
    path: 'cart',
    ...page('src/app/cart-route.tsx', () => import('./cart-route'), afterRestore('cart.title')),
  },
  {
    path: 'saved',
    ...page(
      'src/storefront/saved/saved-page.tsx',
      () => import('../storefront/saved/saved-page'),
      afterRestore('saved.title', true),
    ),
  },
  {
    path: 'portfolio',
    // Not behind the session gate: a guest's phone form is in the HTML, so on a slow phone it is
    // there at the first paint and a lookup typed before the app is up is carried out.
    ...page(
      'src/storefront/my-orders/my-orders-page.tsx',
      () => import('../storefront/my-orders/my-orders-page'),
      withHead('myOrders.title'),
    ),
  },
];

const accountRoutes = (loaders: PageLoaders): RouteObject[] => [
  {
    path: 'login',
    ...page(
      'src/storefront/auth/login-page.tsx',
      () => import('../storefront/auth/login-page'),
      authPage('auth.loginTitle'),
    ),
  },
  {
    path: 'signup',
    // The consent notice by its button is in the HTML, not added under the shopper's thumb later.
    loader: loaders.privacy,
    ...page(
      'src/storefront/auth/signup-page.tsx',
      () => import('../storefront/auth/signup-page'),
      authPage('auth.signupTitle'),
    ),
  },
  {
    path: 'reset-password',
    ...page(
      'src/storefront/auth/reset-password-page.tsx',
      () => import('../storefront/auth/reset-password-page'),
      authPage('reset.title'),
    ),
  },
];

/**
 * Pages opened from a link that carries its own key: never indexed, and no sign-in needed. They
 * wait for the stored session all the same, so a signed-in owner's keyless link asks with their token.
 */
const keyedLinkRoutes: RouteObject[] = [
  {
    path: 'order-confirmation',
    ...page(
      'src/storefront/checkout/order-confirmation-page.tsx',
      () => import('../storefront/checkout/order-confirmation-page'),
      afterRestore('confirmation.title', true),
    ),
  },
  {
    path: 'quote/:id',
    ...page(
      'src/storefront/quotes/quote-page.tsx',
      () => import('../storefront/quotes/quote-page'),
      afterRestore('quote.title', true),
    ),
  },
];

const storefrontRoutes = (loaders: PageLoaders): RouteObject[] => [
  ...catalogueRoutes(loaders),
  ...shopperRoutes,
  ...accountRoutes(loaders),
  {
    path: 'privacy',
    loader: loaders.privacy,
    ...page(
      'src/storefront/privacy/privacy-page.tsx',
      () => import('../storefront/privacy/privacy-page'),
      withHead('privacy.title'),
    ),
  },
  ...keyedLinkRoutes,
  { path: '*', loader: loaders.notFound, Component: NotFoundPage },
];

/**
 * The routes of the whole app, shared by the server renderer and the browser: only the loaders
 * differ (page-loaders.ts).
 */
export function createRoutes(loaders: PageLoaders): RouteObject[] {
  return [
    {
      Component: AppShell,
      ErrorBoundary: RouteError,
      children: [
        {
          Component: StorefrontLayout,
          // Inside the layout: a page that failed keeps the header, to go elsewhere from.
          children: [{ ErrorBoundary: RouteError, children: storefrontRoutes(loaders) }],
        },
        {
          path: 'admin/*',
          element: (
            <>
              <SimplePageHead titleKey="common:nav.admin" noindex />
              <RequireRole roles={STAFF_ROLES}>
                <Suspense fallback={<PageSpinner />}>
                  <BackOfficeApp />
                </Suspense>
              </RequireRole>
            </>
          ),
        },
      ],
    },
  ];
}
