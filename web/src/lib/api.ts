import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { toast } from './toast';
import { STORAGE_KEYS } from '@shop/common';
import i18n from './i18n';
import { writeStorage } from './storage';

const rawBaseQuery = fetchBaseQuery({
  // Same origin; absolute so that non-browser fetch implementations (tests) accept it.
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { auth?: { token?: string | null } }).auth?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Endpoints may name their path with or without the `/api` prefix. */
export function apiPath(url: string): string {
  if (/^https?:\/\//.test(url) || url.startsWith('/api/') || url === '/api') return url;
  return `/api/${url.replace(/^\/+/, '')}`;
}

/** A refused sign-in (password or Telegram's launch data) is an answer, not an expired session. */
const isLoginCall = (url: string) => /\/api\/auth\/(login|telegram)\/?(\?|$)/.test(url);
/** The order lookup's 401 asks for an SMS code: the session, if any, is fine. */
const asksForPhoneCode = (error: FetchBaseQueryError) =>
  (error.data as { code?: unknown } | undefined)?.code === 'PHONE_CODE_REQUIRED';

export const SESSION_EXPIRED_TOAST_ID = 'session-expired';

/** The server refused the stored token: the session entity signs the user out on this action. */
export const sessionExpired = createAction('api/sessionExpired');

/** Signs the user out after the server refused their token, and says so once. */
export function endExpiredSession(dispatch: (action: ReturnType<typeof sessionExpired>) => unknown): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.user, null);
  dispatch(sessionExpired());
  toast.warn(i18n.t('common:errors.sessionExpired'), { toastId: SESSION_EXPIRED_TOAST_ID });
}

/**
 * Adds the bearer token; on any 401 (except a failed login) signs the user out and says the
 * session expired. A call made with a token is then asked once more as a guest: the
 * server refused it before doing anything, and public pages (the catalogue, checkout) still work.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const request = typeof args === 'string' ? { url: apiPath(args) } : { ...args, url: apiPath(args.url) };
  const hadToken = Boolean((api.getState() as { auth?: { token?: string | null } }).auth?.token);
  const result = await rawBaseQuery(request, api, extraOptions);
  if (result.error?.status !== 401 || isLoginCall(request.url) || asksForPhoneCode(result.error))
    return result;
  endExpiredSession(api.dispatch);
  return hadToken ? rawBaseQuery(request, api, extraOptions) : result;
};

/** The server-rendered page's cache (its `api` state), handed to the browser's store. */
export const pageCacheArrived = createAction<Record<string, unknown>>('api/pageCacheArrived');

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  extractRehydrationInfo: (action, { reducerPath }) =>
    pageCacheArrived.match(action) ? (action.payload[reducerPath] as never) : undefined,
  tagTypes: ['Product', 'Order', 'User', 'Dashboard', 'Saved', 'Review', 'Delivery', 'Quote'],
  endpoints: () => ({}),
});
