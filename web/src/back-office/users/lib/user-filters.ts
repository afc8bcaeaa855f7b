import { ROLES } from '@shop/common';

/**
 * Users screen filters; role '' is the server's default list (staff), 'customer' the sign-up
 * customers, 'all' everyone, so staff can find a customer who signed up (decision 016).
 */
export interface UserFilters {
  search: string;
  role: string;
}

const ROLE_CHOICES: readonly string[] = [...ROLES, 'all'];

export function readUserFilters(params: URLSearchParams): UserFilters {
  const role = params.get('role') ?? '';
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    role: ROLE_CHOICES.includes(role) ? role : '',
  };
}

export function userListParams(filters: UserFilters, page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.search.trim()) params.search = filters.search.trim();
  if (filters.role) params.role = filters.role;
  if (page > 1) params.page = String(page);
  return params;
}
