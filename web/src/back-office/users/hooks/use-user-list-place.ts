import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readPage } from '../../lib/list-place';
import { readUserFilters, userListParams, type UserFilters } from '../lib/user-filters';

/** The users list's filters and page, read from and written to the URL. */
export function useUserListPlace() {
  const [params, setParams] = useSearchParams();
  const applied = readUserFilters(params);
  const page = readPage(params);
  const showPlace = useCallback(
    (filters: UserFilters, nextPage = 1, replace = false) =>
      setParams(userListParams(filters, nextPage), { replace }),
    [setParams],
  );
  return { applied, page, showPlace };
}
