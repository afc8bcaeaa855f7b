import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useParams, useRoutes, type RouteObject } from 'react-router';
import { ScrollToTop } from './scroll-to-top';
import { STAFF_ROLES } from '@shop/common';
import { RootLayout } from './layouts/root-layout';
import { RedirectIfAuthenticated, RequireRole } from './guards';
import { PageSpinner } from '../components/ui/spinner';

const HomePage = lazy(() => import('../features/home/home-page'));
const ProductsPage = lazy(() => import('../features/products/products-page'));
const ProductDetailPage = lazy(() => import('../features/products/product-detail-page'));
const CartPage = lazy(() => import('../features/cart/cart-page'));
const PortfolioPage = lazy(() => import('../features/portfolio/portfolio-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const SignupPage = lazy(() => import('../features/auth/signup-page'));
const OrderConfirmationPage = lazy(() => import('../features/checkout/order-confirmation-page'));
const AdminApp = lazy(() => import('../features/admin/admin-app'));

/** /category/{id} → /products?category={id} (decisions.md). */
function CategoryRedirect() {
  const { id = 'all' } = useParams();
  return <Navigate to={`/products?category=${encodeURIComponent(id)}`} replace />;
}

function AppShell() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

const page = (element: React.ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        element: <RootLayout />,
        children: [
          { index: true, element: page(<HomePage />) },
          { path: 'products', element: page(<ProductsPage />) },
          { path: 'product/:id', element: page(<ProductDetailPage />) },
          { path: 'cart', element: page(<CartPage />) },
          { path: 'portfolio', element: page(<PortfolioPage />) },
          {
            path: 'login',
            element: <RedirectIfAuthenticated>{page(<LoginPage />)}</RedirectIfAuthenticated>,
          },
          {
            path: 'signup',
            element: <RedirectIfAuthenticated>{page(<SignupPage />)}</RedirectIfAuthenticated>,
          },
          {
            path: 'order-confirmation',
            element: <RequireRole>{page(<OrderConfirmationPage />)}</RequireRole>,
          },
          { path: 'category/:id', element: <CategoryRedirect /> },
        ],
      },
      {
        path: 'admin/*',
        element: <RequireRole roles={STAFF_ROLES}>{page(<AdminApp />)}</RequireRole>,
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * Declarative routing (inside <BrowserRouter>): the storefront uses no loaders or actions, and the
 * data router would add ~10 KB gzip to the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
