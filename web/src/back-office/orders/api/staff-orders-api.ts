import type { Order, OrderDeliveryPatch, OrderPatch, Paged } from '@shop/common';
import { baseApi } from '../../../lib/api';

export interface AdminOrderQuery {
  page: number;
  limit: number;
  status?: string;
  /** `#A1B2C3` or its six characters. */
  orderNumber?: string;
  phoneNumber?: string;
  startDate?: string;
  endDate?: string;
  paymentStatus?: string;
  paymentMethod?: string;
}

function orderParams(query: AdminOrderQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.status && query.status !== 'all') params.status = query.status;
  if (query.orderNumber) params.orderNumber = query.orderNumber;
  if (query.phoneNumber?.trim()) params.phoneNumber = query.phoneNumber.trim();
  if (query.startDate) params.startDate = query.startDate;
  if (query.endDate) params.endDate = query.endDate;
  if (query.paymentStatus) params.paymentStatus = query.paymentStatus;
  if (query.paymentMethod) params.paymentMethod = query.paymentMethod;
  return params;
}

export const staffOrdersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<Paged<Order>, AdminOrderQuery>({
      query: (query) => ({ url: '/api/orders', params: orderParams(query) }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    updateOrder: build.mutation<Order, { id: string; patch: OrderPatch }>({
      query: ({ id, patch }) => ({ url: `/api/orders/${id}`, method: 'PATCH', body: patch }),
      // The list and the open modal update in place from the server's answer.
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data: updated } = await queryFulfilled;
          const cached = staffOrdersApi.util.selectCachedArgsForQuery(getState(), 'getAdminOrders');
          for (const args of cached) {
            dispatch(
              staffOrdersApi.util.updateQueryData('getAdminOrders', args, (draft) => {
                const index = draft.docs.findIndex((order) => order._id === updated._id);
                if (index >= 0) draft.docs[index] = updated;
              }),
            );
          }
          // Counts on the dashboard (new / cancelled) and product stock may have moved.
          dispatch(staffOrdersApi.util.invalidateTags(['Dashboard', 'Product']));
        } catch {
          // The caller shows the error toast.
        }
      },
    }),
    updateOrderDelivery: build.mutation<Order, { id: string; patch: OrderDeliveryPatch }>({
      query: ({ id, patch }) => ({ url: `/api/orders/${id}/delivery`, method: 'PATCH', body: patch }),
      // The list shows the answer; the run sheets and slot fillings move with it.
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data: updated } = await queryFulfilled;
          for (const args of staffOrdersApi.util.selectCachedArgsForQuery(getState(), 'getAdminOrders')) {
            dispatch(
              staffOrdersApi.util.updateQueryData('getAdminOrders', args, (draft) => {
                const index = draft.docs.findIndex((order) => order._id === updated._id);
                if (index >= 0) draft.docs[index] = updated;
              }),
            );
          }
          dispatch(
            staffOrdersApi.util.invalidateTags([
              { type: 'Delivery', id: 'RUNS' },
              { type: 'Delivery', id: 'QUOTE' },
            ]),
          );
        } catch {
          // The caller shows the error toast.
        }
      },
    }),
    deleteOrder: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/orders/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }, 'Dashboard'],
    }),
  }),
});

export const {
  useUpdateOrderDeliveryMutation,
  useGetAdminOrdersQuery,
  useUpdateOrderMutation,
  useDeleteOrderMutation,
} = staffOrdersApi;
