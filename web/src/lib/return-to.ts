/**
 * Where signing in or up returns the shopper (decision 016): the `next` parameter when it is a path of
 * this site (never another origin, never a loop back to the auth pages), else null.
 */
export function returnPath(search: URLSearchParams): string | null {
  const next = search.get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/^\/(login|signup)(\/|\?|$)/.test(next)) return null;
  return next;
}

/** An auth page's address that returns to `next` afterwards (nothing to add for the home page). */
export function authPathReturningTo(page: '/login' | '/signup', next: string | null): string {
  return next && next !== '/' ? `${page}?${new URLSearchParams({ next })}` : page;
}
