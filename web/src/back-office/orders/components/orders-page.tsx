import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { orderNumber, PAGE_SIZE, type Order } from '@shop/common';
import { StepPager } from '../../../components/ui/pager/pager';
import { apiErrorMessage } from '../../../lib/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListStates } from '../../components/list-states';
import { useLastPageWhenPastEnd } from '../../lib/list-place';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { useDeleteOrderMutation, useGetAdminOrdersQuery } from '../api/staff-orders-api';
import { useOrderListPlace } from '../hooks/use-order-list-place';
import { OrderDetailModal } from './order-detail-modal';
import { OrderExportButtons } from './order-export-buttons';
import { OrderFiltersBar } from './order-filters-bar';
import { OrdersTable } from './orders-table';

export function OrdersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const place = useOrderListPlace();
  const [viewing, setViewing] = useState<Order | null>(null);
  const [toDelete, setToDelete] = useState<Order | null>(null);
  const query = useGetAdminOrdersQuery({ ...place.query, limit: PAGE_SIZE.admin });
  useLoadErrorToast(query.error, 'admin:orders.toasts.updateFailed', 'orders-load');
  useLastPageWhenPastEnd(place.page, query, (lastPage) => place.goTo(lastPage, true));

  // The order a staff alert links to opens once the list has found it.
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  const linked = place.linkedId ? query.data?.docs.find((order) => order._id === place.linkedId) : undefined;
  if (linked && openedLink !== linked._id) {
    setOpenedLink(linked._id);
    setViewing(linked);
  }
  // The modal shows the list's copy, which mutations update in place.
  const shown = viewing ? (query.data?.docs.find((order) => order._id === viewing._id) ?? viewing) : null;

  const [deleteOrder, deleting] = useDeleteOrderMutation();
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

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-stone-900">{t('orders.title')}</h1>
        <OrderExportButtons filters={place.applied} />
      </div>
      <OrderFiltersBar applied={place.applied} onApply={place.apply} />
      {query.data && (
        <p className="text-sm text-stone-600" aria-live="polite">
          {t('orders.found', { count: query.data.totalDocs })}
        </p>
      )}
      <ListStates
        query={query}
        errorMessage={t('orders.toasts.updateFailed')}
        emptyMessage={t('orders.empty')}
      >
        {(orders) => (
          <OrdersTable orders={orders} busy={query.isFetching} onView={setViewing} onDelete={setToDelete} />
        )}
      </ListStates>
      <StepPager
        className="mt-4"
        page={place.page}
        totalPages={query.data?.totalPages ?? 1}
        onChange={(next) => place.goTo(next)}
      />
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
