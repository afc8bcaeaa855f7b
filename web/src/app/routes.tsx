import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { STAFF_ROLES } from '@shop/common';
import { ScrollToTop } from './scroll-to-top';
import { StorefrontLayout } from '../storefront/shell/storefront-layout';
import { RedirectIfAuthenticated, RequireRole, RequireRoleUnlessOrderParam, SessionGate } from './guards';
import { MissingPageHead, NotFoundPage, SimplePageHead } from './page-heads';
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

/**
 * The routes of the whole app, shared by the server renderer and the browser: only the loaders
 * differ (page-loaders.ts).
 */
export function createRoutes(loaders: PageLoaders): RouteObject[] {
  return [
    {
      Component: AppShell,
      children: [
        {
          Component: StorefrontLayout,
          children: [
            {
              index: true,
              loader: loaders.home,
              ...page('src/storefront/home/home-page.tsx', () => import('../storefront/home/home-page')),
            },
            {
              path: 'products',
              loader: loaders.products,
              ...page(
                'src/storefront/products/listing-page.tsx',
                () => import('../storefront/products/listing-page'),
              ),
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
            {
              path: 'cart',
              ...page(
                'src/app/cart-route.tsx',
                () => import('./cart-route'),
                (Page) => (
                  <>
                    <SimplePageHead titleKey="cart.title" />
                    <SessionGate>
                      <Page />
                    </SessionGate>
                  </>
                ),
              ),
            },
            {
              path: 'saved',
              ...page(
                'src/storefront/saved/saved-page.tsx',
                () => import('../storefront/saved/saved-page'),
                (Page) => (
                  <>
                    <SimplePageHead titleKey="saved.title" noindex />
                    <SessionGate>
                      <Page />
                    </SessionGate>
                  </>
                ),
              ),
            },
            {
              path: 'portfolio',
              ...page(
                'src/storefront/my-orders/my-orders-page.tsx',
                () => import('../storefront/my-orders/my-orders-page'),
                (Page) => (
                  <>
                    <SimplePageHead titleKey="myOrders.title" />
                    <SessionGate>
                      <Page />
                    </SessionGate>
                  </>
                ),
              ),
            },
            {
              path: 'login',
              ...page(
                'src/storefront/auth/login-page.tsx',
                () => import('../storefront/auth/login-page'),
                (Page) => (
                  <RedirectIfAuthenticated>
                    <SimplePageHead titleKey="auth.loginTitle" />
                    <Page />
                  </RedirectIfAuthenticated>
                ),
              ),
            },
            {
              path: 'signup',
              ...page(
                'src/storefront/auth/signup-page.tsx',
                () => import('../storefront/auth/signup-page'),
                (Page) => (
                  <RedirectIfAuthenticated>
                    <SimplePageHead titleKey="auth.signupTitle" />
                    <Page />
                  </RedirectIfAuthenticated>
                ),
              ),
            },
            {
              path: 'order-confirmation',
              ...page(
                'src/storefront/checkout/order-confirmation-page.tsx',
                () => import('../storefront/checkout/order-confirmation-page'),
                (Page) => (
                  <>
                    <SimplePageHead titleKey="confirmation.title" />
                    <RequireRoleUnlessOrderParam>
                      <Page />
                    </RequireRoleUnlessOrderParam>
                  </>
                ),
              ),
            },
            { path: 'category/:id', loader: categoryRedirect },
            { path: '*', loader: loaders.notFound, Component: NotFoundPage },
          ],
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
