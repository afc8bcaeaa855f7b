import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ScrollToTop } from './scroll-to-top';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollToTop />
            <Outlet />
          </>
        ),
        children: [
          { path: '/products', element: <p>list</p> },
          { path: '/cart', element: <p>cart</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the first page where it is: the shopper may have scrolled it before hydration', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt('/products');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts each new page at its top, once, and not again for a new search on the same page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = renderAt('/products');
    await act(() => router.navigate('/cart'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    await act(() => router.navigate('/cart?x=1'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/products'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
