import type { AlertStatus, AuditEntry, Paged, User } from '@shop/common';
import { PAGE_SIZE } from '@shop/common';
import { baseApi } from '../../../lib/api';
import type { AuditFilters } from '../lib/audit-filters';

export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditEntries: build.query<Paged<AuditEntry>, AuditFilters & { page: number }>({
      query: ({ page, ...filters }) => ({
        url: '/api/audit',
        params: {
          page,
          limit: PAGE_SIZE.admin,
          ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
        },
      }),
      // Every visit shows the latest entries: staff writes elsewhere do not tag this list.
      keepUnusedDataFor: 0,
    }),
    /** The people the person filter offers: everyone on the staff list, first page of 100. */
    getStaffPeople: build.query<Paged<User>, void>({
      query: () => ({ url: '/api/users', params: { limit: PAGE_SIZE.max } }),
    }),
    getAlertStatus: build.query<AlertStatus, void>({
      query: () => '/api/alerts/status',
      keepUnusedDataFor: 0,
    }),
    retryAlert: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/alerts/${id}/retry`, method: 'POST' }),
    }),
  }),
});

export const {
  useGetAuditEntriesQuery,
  useGetStaffPeopleQuery,
  useGetAlertStatusQuery,
  useRetryAlertMutation,
} = auditApi;
