import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatSom, orderNumber, PAGE_SIZE, type Order } from '@shop/common';
import { PaymentMethodName, PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { apiErrorMessage } from '../../../lib/api-error';
import { AdminTable } from '../../components/admin-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListStates } from '../../components/list-states';
import { StepPager } from '../../../components/ui/pager/pager';
import { td } from '../../components/styles';
import { RowActionButton } from '../../components/row-action-button';
import { formatDateTime } from '../../lib/dates';
import { useDeleteOrderMutation, useGetAdminOrdersQuery } from '../api/staff-orders-api';
import { orderFiltersToParams, readOrderFilters, readPage, type OrderFilters } from '../lib/order-filters';
import { OrderDetailModal } from './order-detail-modal';
import { OrderExportButtons } from './order-export-buttons';
import { OrderFiltersBar } from './order-filters-bar';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';

export function OrdersPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [params, setParams] = useSearchParams();
  const applied = readOrderFilters(params);
  const page = readPage(params);
  const [viewing, setViewing] = useState<Order | null>(null);
  const [toDelete, setToDelete] = useState<Order | null>(null);
  // A staff alert in Telegram links to `?order={id}`: the list narrows to that order and opens it.
  const linkedId = /^[0-9a-f]{24}$/.test(params.get('order') ?? '') ? params.get('order') : null;
  const [openedLink, setOpenedLink] = useState<string | null>(null);

  const query = useGetAdminOrdersQuery({
    page,
    limit: PAGE_SIZE.admin,
    status: applied.status,
    phoneNumber: applied.phone,
    startDate: applied.startDate,
    endDate: applied.endDate,
    paymentStatus: applied.paymentStatus,
    paymentMethod: applied.paymentMethod,
    // A link to one order (?order={id}) finds it by its number.
    orderNumber: applied.number || (linkedId ? orderNumber(linkedId) : undefined),
  });
  const linked = linkedId ? query.data?.docs.find((order) => order._id === linkedId) : undefined;
  if (linked && openedLink !== linked._id) {
    setOpenedLink(linked._id);
    setViewing(linked);
  }
  const [deleteOrder, deleting] = useDeleteOrderMutation();

  useEffect(() => {
    if (query.error)
      toast.error(apiErrorMessage(query.error, t, 'admin:orders.toasts.updateFailed'), {
        toastId: 'orders-load',
      });
  }, [query.error, t]);

  const apply = (filters: OrderFilters) => setParams(orderFiltersToParams(filters));
  const goTo = (next: number) => setParams(orderFiltersToParams(applied, next));

  // The modal shows the list's copy, which mutations update in place.
  const shown = viewing ? (query.data?.docs.find((order) => order._id === viewing._id) ?? viewing) : null;

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteOrder(toDelete._id).unwrap();
      toast.success(t('orders.toasts.deleted'));
      if (viewing?._id === toDelete._id) setViewing(null);
      setToDelete(null);
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.deleteFailed'));
    }
  }

  const data = query.data;
  // A page past the end (the last row of the last page deleted, an old link) shows the last page.
  const lastPage = data && !query.isFetching ? data.totalPages : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) {
      setParams(orderFiltersToParams(applied, lastPage), { replace: true });
    }
  }, [lastPage, page, applied, setParams]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-stone-900">{t('orders.title')}</h1>
        <OrderExportButtons filters={applied} />
      </div>
      <OrderFiltersBar applied={applied} onApply={apply} />
      {data && (
        <p className="text-sm text-stone-600" aria-live="polite">
          {t('orders.found', { count: data.totalDocs })}
        </p>
      )}
      <ListStates
        query={query}
        errorMessage={t('orders.toasts.updateFailed')}
        emptyMessage={t('orders.empty')}
      >
        {(orders) => (
          <AdminTable
            caption={t('orders.tableCaption')}
            columns={[
              { label: t('orders.columns.id') },
              { label: t('orders.columns.customer') },
              { label: t('orders.columns.date') },
              { label: t('orders.columns.total') },
              { label: t('orders.columns.status') },
              { label: t('orders.columns.payment') },
              { label: t('orders.columns.actions'), alignRight: true },
            ]}
            busy={query.isFetching}
          >
            {orders.map((order) => (
              <tr key={order._id} data-testid={`order-row-${order._id}`}>
                <td className={`${td} font-mono text-xs`}>{orderNumber(order._id)}</td>
                <td className={td}>
                  <span className="block font-medium">{order.customer.fullName}</span>
                  <span className="block text-xs text-stone-600">{order.customer.phoneNumber}</span>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {formatDateTime(order.createdAt, i18n.language)}
                </td>
                <td className={`${td} whitespace-nowrap font-semibold`}>{formatSom(order.total)}</td>
                <td className={td}>
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className={td} data-testid="order-payment">
                  <PaymentStatusBadge status={order.payment.status} />
                  <span className="block text-xs text-stone-600">
                    <PaymentMethodName method={order.payment.method} />
                  </span>
                </td>
                <td className={`${td} text-right whitespace-nowrap`}>
                  <div className="inline-flex gap-1">
                    <RowActionButton
                      label={t('orders.actions.viewNamed', { id: orderNumber(order._id) })}
                      onClick={() => setViewing(order)}
                    >
                      {t('orders.actions.view')}
                    </RowActionButton>
                    <RowActionButton
                      label={t('orders.actions.deleteNamed', { id: orderNumber(order._id) })}
                      onClick={() => setToDelete(order)}
                      danger
                    >
                      {t('common.delete')}
                    </RowActionButton>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
      <StepPager className="mt-4" page={page} totalPages={data?.totalPages ?? 1} onChange={goTo} />
      {shown && !toDelete && (
        <OrderDetailModal
          key={shown._id}
          order={shown}
          onClose={() => setViewing(null)}
          onDelete={setToDelete}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('orders.deleteTitle')}
        message={t('orders.deleteConfirm', { id: toDelete ? orderNumber(toDelete._id) : '' })}
        confirmLabel={t('common.delete')}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
