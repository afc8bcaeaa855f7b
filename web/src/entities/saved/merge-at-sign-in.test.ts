import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeStore } from '../../testing/store';
import { setCredentials } from '../session/session-slice';
import { jsonResponse, mockFetch } from '../../testing/render';
import { makeProduct, makeUser } from '../../testing/factories';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

describe("merging a guest's saved products at sign-in", () => {
  it('sends the guest list, oldest first, then empties the browser copy', async () => {
    localStorage.setItem('wishlist', JSON.stringify([A, 'not-an-id', B, A]));
    const bodies: unknown[] = [];
    mockFetch((url, { method, body }) => {
      if (method === 'POST' && url.pathname === '/api/me/wishlist/merge') bodies.push(body);
      return jsonResponse({ docs: [makeProduct({ _id: B }), makeProduct({ _id: A })] });
    });
    const store = makeStore();
    expect(store.getState().guestSaved.productIds).toEqual([B, A]);
    store.dispatch(setCredentials({ token: 't', user: makeUser({ role: 'customer' }) }));
    await waitFor(() => expect(store.getState().guestSaved.productIds).toEqual([]));
    expect(bodies).toEqual([{ productIds: [B, A] }]);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([]);
  });

  it('keeps the browser copy when the merge fails, for the next sign-in', async () => {
    localStorage.setItem('wishlist', JSON.stringify([A]));
    mockFetch(() => jsonResponse({ message: 'down', code: 'DATABASE_UNAVAILABLE' }, 503));
    const store = makeStore();
    store.dispatch(setCredentials({ token: 't', user: makeUser({ role: 'customer' }) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().guestSaved.productIds).toEqual([A]);
  });

  it('does not merge at a staff sign-in, nor call the server for an empty list', async () => {
    localStorage.setItem('wishlist', JSON.stringify([A]));
    const fetch = mockFetch(() => jsonResponse({ docs: [] }));
    const store = makeStore();
    store.dispatch(setCredentials({ token: 't', user: makeUser({ role: 'admin' }) }));
    localStorage.setItem('wishlist', '[]');
    const empty = makeStore();
    empty.dispatch(setCredentials({ token: 't', user: makeUser({ role: 'customer' }) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect(store.getState().guestSaved.productIds).toEqual([A]);
  });
});
