import {
  BUYER_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  orderNumber,
  parseOrderNumber,
  type BuyerType,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@shop/common';
import { isOneOf } from '../../../lib/translate';

/** Applied order filters, kept in the URL so the dashboard can link to `?status=new`. */
export interface OrderFilters {
  status: OrderStatus | '';
  /** The order number as shoppers read it out (`#A1B2C3`); `#` and case do not matter. */
  number: string;
  phone: string;
  startDate: string;
  endDate: string;
  paymentStatus: PaymentStatus | '';
  paymentMethod: PaymentMethod | '';
  buyerType: BuyerType | '';
}

export const EMPTY_ORDER_FILTERS: OrderFilters = {
  status: '',
  number: '',
  phone: '',
  startDate: '',
  endDate: '',
  paymentStatus: '',
  paymentMethod: '',
  buyerType: '',
};

/** A URL value kept only when it is one of `allowed`. */
const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  isOneOf(allowed, value) ? value : '';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Typed `a1b2c3`, `#A1B2C3`…: kept in the one shown form, `#A1B2C3`; anything else is dropped. */
function readOrderNumber(text: string): string {
  const digits = parseOrderNumber(text);
  return digits ? orderNumber(digits) : '';
}

export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  return {
    status: oneOf(params.get('status'), ORDER_STATUSES),
    number: readOrderNumber(params.get('number') ?? ''),
    phone: (params.get('phone') ?? '').slice(0, 40),
    startDate: DAY.test(startDate) ? startDate : '',
    endDate: DAY.test(endDate) ? endDate : '',
    paymentStatus: oneOf(params.get('paymentStatus'), PAYMENT_STATUSES),
    paymentMethod: oneOf(params.get('paymentMethod'), PAYMENT_METHODS),
    buyerType: oneOf(params.get('buyerType'), BUYER_TYPES),
  };
}

export function orderFiltersToParams(filters: OrderFilters, page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status) params.status = filters.status;
  const number = readOrderNumber(filters.number);
  if (number) params.number = number;
  if (filters.phone.trim()) params.phone = filters.phone.trim();
  if (filters.startDate) params.startDate = filters.startDate;
  if (filters.endDate) params.endDate = filters.endDate;
  if (filters.paymentStatus) params.paymentStatus = filters.paymentStatus;
  if (filters.paymentMethod) params.paymentMethod = filters.paymentMethod;
  if (filters.buyerType) params.buyerType = filters.buyerType;
  if (page > 1) params.page = String(page);
  return params;
}
