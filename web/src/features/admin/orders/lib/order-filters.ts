import { ORDER_STATUSES } from '@shop/common';

/** Applied order filters, kept in the URL so the dashboard can link to `?status=new`. */
export interface OrderFilters {
  status: string;
  phone: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_ORDER_FILTERS: OrderFilters = { status: '', phone: '', startDate: '', endDate: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? '';
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? status : '',
    phone: (params.get('phone') ?? '').slice(0, 40),
    startDate: DAY.test(startDate) ? startDate : '',
    endDate: DAY.test(endDate) ? endDate : '',
  };
}

export function orderFiltersToParams(filters: OrderFilters, page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status) params.status = filters.status;
  if (filters.phone.trim()) params.phone = filters.phone.trim();
  if (filters.startDate) params.startDate = filters.startDate;
  if (filters.endDate) params.endDate = filters.endDate;
  if (page > 1) params.page = String(page);
  return params;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
