import type { DashboardStats, Paged } from '@shop/common';
import { baseApi } from '../../../../lib/api';

export type DashboardCount = 'products' | 'orders' | 'newOrders' | 'cancelledOrders';

/** Spec §7 dashboard counts: each reads `totalDocs` of a one-item page. */
const COUNT_REQUESTS: Record<DashboardCount, { url: string; params: Record<string, string | number> }> = {
  products: { url: '/api/products', params: { limit: 1, status: 'all' } },
  orders: { url: '/api/orders', params: { limit: 1 } },
  newOrders: { url: '/api/orders', params: { status: 'new', limit: 1 } },
  cancelledOrders: { url: '/api/orders', params: { status: 'cancelled', limit: 1 } },
};

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardCount: build.query<number, DashboardCount>({
      query: (which) => COUNT_REQUESTS[which],
      transformResponse: (response: Paged<unknown>) => response.totalDocs,
      providesTags: ['Dashboard'],
    }),
    getDashboardStats: build.query<DashboardStats, { days: number; lowStock: number }>({
      query: (params) => ({ url: '/api/dashboard/stats', params }),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardCountQuery, useGetDashboardStatsQuery } = dashboardApi;
