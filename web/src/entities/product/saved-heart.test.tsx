import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SavedHeart } from './saved-heart';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeProduct, makeUser } from '../../testing/factories';

const signedIn = (role: 'customer' | 'manager') => ({
  preloadedState: { auth: { token: 't', user: makeUser({ role }), isAuthenticated: true } },
});
const storedList = () => JSON.parse(localStorage.getItem('wishlist') ?? 'null');

describe('SavedHeart', () => {
  it("toggles a guest's saved product in localStorage `wishlist`, pressed and filled while saved", async () => {
    const fetch = mockFetch(() => jsonResponse({}, 500));
    const product = makeProduct({ name: 'Ofis kreslosi' });
    await renderWithProviders(<SavedHeart product={product} />);
    const heart = screen.getByRole('button', { name: 'Save Ofis kreslosi' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart.querySelector('svg')).toHaveAttribute('fill', 'none');

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart.querySelector('svg')).toHaveAttribute('fill', 'currentColor');
    expect(storedList()).toEqual([product._id]);
    expect(await screen.findByText('Saved: Ofis kreslosi')).toBeInTheDocument();

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(storedList()).toEqual([]);
    expect(await screen.findByText('Removed from saved: Ofis kreslosi')).toBeInTheDocument();
    // A guest's list never touches the server.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('works from the keyboard', async () => {
    const product = makeProduct();
    await renderWithProviders(<SavedHeart product={product} />);
    const user = userEvent.setup();
    const heart = screen.getByRole('button', { name: 'Save Maktab partasi' });
    await user.tab();
    expect(heart).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it("keeps a signed-in customer's list on the server", async () => {
    const product = makeProduct({ name: 'Loft stol' });
    const calls: string[] = [];
    mockFetch((url, { method }) => {
      calls.push(`${method} ${url.pathname}`);
      if (method === 'GET') return jsonResponse({ docs: [] });
      return new Response(null, { status: 204 });
    });
    await renderWithProviders(<SavedHeart product={product} />, signedIn('customer'));
    await waitFor(() => expect(calls).toContain('GET /api/me/wishlist'));
    const heart = screen.getByRole('button', { name: 'Save Loft stol' });

    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(calls).toContain(`PUT /api/me/wishlist/${product._id}`);
    expect(await screen.findByText('Saved: Loft stol')).toBeInTheDocument();
    expect(storedList()).toBeNull();
  });

  it('puts the heart back and says why when the server refuses (429 rate limit)', async () => {
    const product = makeProduct();
    mockFetch((_url, { method }) =>
      method === 'GET'
        ? jsonResponse({ docs: [] })
        : jsonResponse({ message: 'Too many requests', code: 'RATE_LIMITED' }, 429),
    );
    await renderWithProviders(<SavedHeart product={product} />, signedIn('customer'));
    const heart = screen.getByRole('button', { name: /^Save/ });
    await userEvent.click(heart);
    expect(
      await screen.findByText('Too many requests. Please wait a minute and try again.'),
    ).toBeInTheDocument();
    // The toast and the undo answer the same refusal; either may render first.
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });

  it('shows a product saved on the account as pressed', async () => {
    const product = makeProduct();
    mockFetch(() => jsonResponse({ docs: [product] }));
    await renderWithProviders(<SavedHeart product={product} />, signedIn('customer'));
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'true'));
  });

  it("keeps a staff member's hearts in the browser, as for a guest", async () => {
    const fetch = mockFetch(() => jsonResponse({}, 500));
    const product = makeProduct();
    await renderWithProviders(<SavedHeart product={product} />, signedIn('manager'));
    await userEvent.click(screen.getByRole('button', { name: /^Save/ }));
    expect(storedList()).toEqual([product._id]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
