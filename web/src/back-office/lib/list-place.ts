import { useEffect } from 'react';

/**
 * The staff lists keep their place (filters and page) in the URL, so an edit, a reload or a
 * dashboard link comes back to it (decision 016). These are the parts every list shares.
 */

/** The page in the list's URL: a whole number from 1, else the first page. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A page past the end (its last row deleted, an old link) shows the last page instead, once the
 * list has answered for the page asked.
 */
export function useLastPageWhenPastEnd(
  page: number,
  list: { data?: { totalPages: number }; isFetching: boolean },
  goTo: (lastPage: number) => void,
): void {
  const lastPage = list.data && !list.isFetching ? Math.max(1, list.data.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) goTo(lastPage);
  }, [lastPage, page, goTo]);
}
