import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import type { Order, OrderLine, OrderPatch, OrderStatus } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import type { AdminKey } from '../../../lib/translate';
import { useUpdateOrderMutation } from '../api/staff-orders-api';
import { linesPatch } from '../lib/order-lines';

type Edit = 'status' | 'lines' | 'notes';

/** The staff edits of one order (status, lines, notes), each said in a toast; `pending` names the one under way. */
export function useOrderEdits(order: Order) {
  const { t } = useTranslation(['admin', 'common']);
  const [updateOrder, updating] = useUpdateOrderMutation();
  const [pending, setPending] = useState<Edit | null>(null);

  async function save(edit: Edit, patch: OrderPatch, done: AdminKey, failed: `admin:${AdminKey}`) {
    setPending(edit);
    try {
      await updateOrder({ id: order._id, patch }).unwrap();
      toast.success(t(done));
      return true;
    } catch (error) {
      toast.error(apiErrorMessage(error, t, failed));
      return false;
    } finally {
      setPending(null);
    }
  }

  return {
    pending,
    busy: updating.isLoading,
    setStatus: (status: OrderStatus) =>
      save('status', { status }, 'orders.toasts.updateSuccess', 'admin:orders.toasts.updateFailed'),
    /** Resolves true when the server accepted the new lines. */
    saveLines: (lines: OrderLine[]) =>
      save('lines', linesPatch(lines), 'orders.toasts.lineUpdated', 'admin:orders.toasts.lineUpdateFailed'),
    saveNotes: (notes: string) =>
      save('notes', { notes }, 'orders.toasts.notesUpdated', 'admin:orders.toasts.updateFailed'),
  };
}
