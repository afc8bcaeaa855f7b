import type { CompanyBuyer } from '@shop/common';
import type { Tx } from '../../db/client.js';
import type { InvoiceSeller, OrderRow } from '../../db/schema.js';
import { nextInvoiceNumber } from '../invoices/invoice-number.js';
import type { PlaceOrder } from './order-request.js';

type BuyerColumns = Pick<OrderRow, 'buyerType' | 'company' | 'invoiceNumber' | 'invoiceSeller' | 'language'>;

/**
 * Who buys, as the order keeps it: a company's requisites and its invoice, issued now: the number
 * is taken in the order's own transaction so that a refused order leaves no gap in the year's
 * numbers, and the seller's requisites are kept with it so a later change of settings cannot
 * rewrite an invoice already sent.
 */
export async function buyerColumns(
  tx: Tx,
  input: PlaceOrder,
  now: Date,
  seller: InvoiceSeller,
): Promise<BuyerColumns> {
  const language = input.language ?? null;
  if (input.buyer?.type !== 'company') {
    return { buyerType: 'person', company: null, invoiceNumber: null, invoiceSeller: null, language };
  }
  const { type: _type, ...company } = input.buyer;
  const invoiceNumber = await nextInvoiceNumber(tx, now);
  return { buyerType: 'company', company, invoiceNumber, invoiceSeller: seller, language };
}

/** The order's buyer on the wire: a company with its requisites, or nothing for a person. */
export function buyerOf(order: Pick<OrderRow, 'buyerType' | 'company' | 'invoiceNumber'>): {
  buyer?: CompanyBuyer;
  invoiceNumber?: string;
} {
  if (order.buyerType !== 'company' || !order.company) return {};
  return {
    buyer: { type: 'company', ...order.company },
    ...(order.invoiceNumber && { invoiceNumber: order.invoiceNumber }),
  };
}
