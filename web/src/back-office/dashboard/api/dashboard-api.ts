import type { DashboardStats, Paged } from '@shop/common';
import { baseApi } from '../../../lib/api';

export type DashboardCount = 'products' | 'orders' | 'newOrders' | 'cancelledOrders';

/**
 * The products the dashboard counts: on sale now (active, not deleted; the server's own default
 * for GET /api/products). The card links to the products page with the same filters, so both show
 * one set.
 */
export const ON_SALE_PRODUCTS = { status: 'active', isDeleted: 'false' } as const;

/** The dashboard counts: each reads `totalDocs` of a one-item page (no count route exists). */
const COUNT_REQUESTS: Record<DashboardCount, { url: string; params: Record<string, string | number> }> = {
  products: { url: '/api/products', params: { limit: 1, ...ON_SALE_PRODUCTS } },
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
