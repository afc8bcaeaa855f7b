import { describe, expect, it } from 'vitest';
import { toast } from 'react-toastify';
import { apiPath, baseApi } from './api';
import { apiErrorCode, apiErrorMessage } from './api-error';
import { makeStore } from '../testing/store';
import { jsonResponse, mockFetch } from '../testing/render';
import { makeUser } from '../testing/factories';
import i18n from './i18n';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (url) => url }),
    probeLogin: build.mutation<unknown, void>({
      query: () => ({ url: '/api/auth/login', method: 'POST', body: {} }),
    }),
  }),
});

const signedIn = () => makeStore({ auth: { token: 'old-token', user: makeUser(), isAuthenticated: true } });

describe('api client', () => {
  it('sends the bearer token and accepts paths with or without /api', async () => {
    const seen: string[] = [];
    const headers: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push(new URL(request.url).pathname);
        headers.push(request.headers.get('Authorization'));
        return jsonResponse({ ok: true });
      }),
    );
    const store = signedIn();
    await store.dispatch(probeApi.endpoints.probe.initiate('products'));
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/orders'));
    expect(seen).toEqual(['/api/products', '/api/orders']);
    expect(headers).toEqual(['Bearer old-token', 'Bearer old-token']);
    expect(apiPath('/users')).toBe('/api/users');
  });

  it('signs out and says the session expired on a 401', async () => {
    const warn = vi.spyOn(toast, 'warn');
    mockFetch(() => jsonResponse({ message: 'Unauthorized', code: 'UNAUTHORIZED' }, 401));
    await i18n.changeLanguage('en');
    const store = signedIn();
    localStorage.setItem('token', 'old-token');
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/orders?x=1'));
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    // react-toastify is loaded on first use (lib/toast.ts).
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Your session has expired. Please log in again.', expect.anything()),
    );
  });

  it('asks once more as a guest after the sign-out, so public pages still load', async () => {
    const headers: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const authorization = request.headers.get('Authorization');
        headers.push(authorization);
        return authorization
          ? jsonResponse({ message: 'Expired', code: 'UNAUTHORIZED' }, 401)
          : jsonResponse({ docs: [], totalDocs: 0, totalPages: 1, page: 1, limit: 9 });
      }),
    );
    const store = signedIn();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/products'));
    expect(headers).toEqual(['Bearer old-token', null]);
    expect(result.data).toEqual({ docs: [], totalDocs: 0, totalPages: 1, page: 1, limit: 9 });
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('leaves a failed login alone', async () => {
    const warn = vi.spyOn(toast, 'warn');
    warn.mockClear();
    mockFetch(() => jsonResponse({ message: 'Bad', code: 'INVALID_CREDENTIALS' }, 401));
    const store = signedIn();
    await store.dispatch(probeApi.endpoints.probeLogin.initiate());
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('api errors', () => {
  const t = ((key: string) => `t:${key}`) as unknown as Parameters<typeof apiErrorMessage>[1];
  it('translates a known code, else uses the fallback key', () => {
    expect(apiErrorMessage({ status: 409, data: { code: 'OUT_OF_STOCK', message: 'x' } }, t, 'f')).toBe(
      't:common:errors.OUT_OF_STOCK',
    );
    expect(apiErrorMessage({ status: 500, data: { code: 'SOMETHING_NEW' } }, t, 'f')).toBe('t:f');
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'offline' }, t, 'f')).toBe('t:f');
    expect(apiErrorMessage(new Error('x'), t, 'f')).toBe('t:f');
  });
  it('reads the code', () => {
    expect(apiErrorCode({ data: { code: 'RATE_LIMITED' } })).toBe('RATE_LIMITED');
    expect(apiErrorCode(undefined)).toBeUndefined();
  });
});
