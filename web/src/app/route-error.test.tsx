import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18n from '../lib/i18n';
import { browserLoaders } from './page-loaders';
import { createRoutes } from './routes';
import { RouteError } from './route-error';
import { makePageStore } from './store';
import { reloadPage } from '../lib/reload-page';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

/** A router whose one page fails to load with `error`. */
const failing = (error: Error) =>
  createMemoryRouter([{ path: '/', ErrorBoundary: RouteError, lazy: () => Promise.reject(error) }]);

describe('a page that failed', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.mocked(reloadPage).mockClear();
  });

  it("says so in the shopper's language with a reload button, not the router's bare error", async () => {
    await i18n.changeLanguage('uz');
    render(<RouterProvider router={failing(new Error('The server answered 500'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sahifani koʻrsatib boʻlmadi.');
    expect(screen.queryByText(/answered 500|Unexpected Application Error/)).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Qayta yuklash' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads by itself once when the page’s code is gone (the shop was updated), not again within a minute', async () => {
    const missing = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    render(<RouterProvider router={failing(missing)} />);
    await screen.findByRole('alert');
    expect(reloadPage).toHaveBeenCalledTimes(1);
    // The reloaded page fails the same way: it shows the button instead of reloading in a loop.
    render(<RouterProvider router={failing(missing)} />);
    await screen.findAllByRole('alert');
    expect(reloadPage).toHaveBeenCalledTimes(1);
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
