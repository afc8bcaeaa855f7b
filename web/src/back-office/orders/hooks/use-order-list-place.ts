import { useSearchParams } from 'react-router';
import { orderNumber } from '@shop/common';
import { readPage } from '../../lib/list-place';
import { orderFiltersToParams, readOrderFilters, type OrderFilters } from '../lib/order-filters';

/**
 * The orders list's filters and page, kept in the URL so the dashboard can link to `?status=new`;
 * `?order={id}`, the link of a staff alert in Telegram, names one order to find and open.
 */
export function useOrderListPlace() {
  const [params, setParams] = useSearchParams();
  const applied = readOrderFilters(params);
  const page = readPage(params);
  const linked = params.get('order') ?? '';
  const linkedId = /^[0-9a-f]{24}$/.test(linked) ? linked : null;
  return {
    applied,
    page,
    linkedId,
    /** The list's query: a link to one order finds it by its number. */
    query: {
      page,
      status: applied.status,
      phoneNumber: applied.phone,
      startDate: applied.startDate,
      endDate: applied.endDate,
      paymentStatus: applied.paymentStatus,
      paymentMethod: applied.paymentMethod,
      buyerType: applied.buyerType,
      orderNumber: applied.number || (linkedId ? orderNumber(linkedId) : undefined),
    },
    apply: (filters: OrderFilters) => setParams(orderFiltersToParams(filters)),
    goTo: (next: number, replace = false) => setParams(orderFiltersToParams(applied, next), { replace }),
  };
}
