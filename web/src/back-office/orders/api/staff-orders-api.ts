import type {
  BankTransfer,
  CashReceipt,
  ExportFormat,
  Order,
  OrderDeliveryPatch,
  OrderPatch,
  Paged,
  ReceiptResent,
} from '@shop/common';
import { baseApi } from '../../../lib/api';
import { fileOrError, savedFile, type SavedFile } from '../../../lib/saved-file';

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
  buyerType?: string;
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
  if (query.buyerType) params.buyerType = query.buyerType;
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
      onQueryStarted: (_arg, api) => putUpdatedOrder(api),
    }),
    receiveCash: build.mutation<Order, { id: string } & CashReceipt>({
      query: ({ id, amount }) => ({
        url: `/api/orders/${id}/payments/cash`,
        method: 'POST',
        body: { amount },
      }),
      onQueryStarted: (_arg, api) => putUpdatedOrder(api),
    }),
    receiveBankTransfer: build.mutation<Order, { id: string } & BankTransfer>({
      query: ({ id, ...transfer }) => ({
        url: `/api/orders/${id}/payments/bank-transfer`,
        method: 'POST',
        body: transfer,
      }),
      onQueryStarted: (_arg, api) => putUpdatedOrder(api),
    }),
    // The order list reads the receipt's new state (pending) from the server.
    resendClickReceipt: build.mutation<ReceiptResent, string>({
      query: (id) => ({ url: `/api/orders/${id}/payment/receipt`, method: 'POST' }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }],
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
    /** The company order's invoice PDF. */
    downloadInvoice: build.mutation<SavedFile, { id: string; invoiceNumber: string }>({
      query: ({ id }) => ({ url: `/api/orders/${id}/invoice.pdf`, responseHandler: fileOrError }),
      transformResponse: (blob: Blob, meta, { invoiceNumber }) =>
        savedFile(blob, meta, `invoice-${invoiceNumber}.pdf`),
    }),
    /** What the list's filters show, as CSV or XLSX; `query` is built by `exportQuery`. */
    exportOrders: build.mutation<SavedFile, { query: string; format: ExportFormat }>({
      query: ({ query }) => ({ url: `/api/orders/export?${query}`, responseHandler: fileOrError }),
      transformResponse: (blob: Blob, meta, { format }) => savedFile(blob, meta, `orders.${format}`),
    }),
    deleteOrder: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/orders/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }, 'Dashboard'],
    }),
  }),
});

interface MutationLifecycle {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: Order }>;
}

/** The list and the open modal update in place from the server's answer to a staff write. */
async function putUpdatedOrder({ dispatch, getState, queryFulfilled }: MutationLifecycle): Promise<void> {
  try {
    const { data: updated } = await queryFulfilled;
    const cached = staffOrdersApi.util.selectCachedArgsForQuery(
      getState() as Parameters<typeof staffOrdersApi.util.selectCachedArgsForQuery>[0],
      'getAdminOrders',
    );
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
}

export const {
  useGetAdminOrdersQuery,
  useUpdateOrderMutation,
  useReceiveCashMutation,
  useReceiveBankTransferMutation,
  useUpdateOrderDeliveryMutation,
  useResendClickReceiptMutation,
  useDeleteOrderMutation,
  useDownloadInvoiceMutation,
  useExportOrdersMutation,
} = staffOrdersApi;
