import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18n from '../lib/i18n';
import { browserLoaders } from './page-loaders';
import { createRoutes } from './routes';
import { RouteError } from './route-error';
import { makePageStore } from './store';

describe('a page that failed', () => {
  it("says so in the shopper's language with a reload button, not the router's bare error", async () => {
    await i18n.changeLanguage('uz');
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteError,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sahifani koʻrsatib boʻlmadi.');
    expect(screen.getByRole('button', { name: 'Qayta yuklash' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch|Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it('is caught inside the storefront layout, which keeps its header, and at the top for the rest', () => {
    const [shell] = createRoutes(browserLoaders(makePageStore()));
    const [storefront] = shell?.children ?? [];
    const pages = storefront?.children?.[0] as RouteObject | undefined;
    expect(shell?.ErrorBoundary).toBe(RouteError);
    expect(pages?.ErrorBoundary).toBe(RouteError);
    expect(pages?.children?.some((route) => route.path === 'product/:id')).toBe(true);
  });
});
