import { asc, eq } from 'drizzle-orm';
import { orderLineName, shiftShopDay, shopDay, type LineVariantText } from '@shop/common';
import type { FiscalConfig } from '../../config/fiscal-config.js';
import type { InvoiceSettings } from '../../config/invoice-settings.js';
import type { Db } from '../../db/client.js';
import { orderLines, orders, products, type OrderRow } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { notFound } from '../../plugins/errors.js';
import { renderInvoice, type InvoiceLine } from '../invoices/invoice-pdf.js';
import { isOwnerOrStaff, orderKeyMatches } from './order-key.js';

/** The fees the order was priced with, as lines of their own, with the services' codes when set. */
function feeLines(order: OrderRow, fiscal: FiscalConfig): InvoiceLine[] {
  const fees: [string, number, string | undefined][] = [
    ['Yetkazib berish / Доставка', order.deliveryFee, fiscal.delivery?.ikpu],
    ['Yigʻish / Сборка', order.assemblyFee, fiscal.assembly?.ikpu],
    ['Qavatga koʻtarish / Подъём на этаж', order.carryFee, fiscal.delivery?.ikpu],
  ];
  return fees
    .filter(([, amount]) => amount > 0)
    .map(([name, amount, ikpu]) => ({
      name,
      ikpu: ikpu ?? null,
      quantity: 1,
      unitPrice: amount,
      vatPercent: fiscal.vatPercent,
    }));
}

/** A line's name on the invoice: a variant's label in the invoice's language, and its SKU. */
function lineName(name: string, line: LineVariantText & { color: string }, language: 'uz' | 'ru'): string {
  const named = orderLineName(name, line, language);
  return line.sku ? `${named}\n${language === 'ru' ? 'Артикул' : 'Artikul'}: ${line.sku}` : named;
}

/** A company order's invoice, for whoever may open the order (its key, its owner, staff). */
export class OrderInvoices {
  constructor(
    private readonly db: Db,
    private readonly settings: InvoiceSettings,
    private readonly shopAddress: string | undefined,
    private readonly fiscal: FiscalConfig,
  ) {}

  async pdf(
    id: string,
    key: string | undefined,
    user: CurrentUser | undefined,
    language: 'uz' | 'ru' | undefined,
  ): Promise<{ fileName: string; body: Buffer }> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    // As for the order itself: without the right to open it, the answer is the same as for no order.
    if (!order || !(orderKeyMatches(key, order.orderKeyHash) || isOwnerOrStaff(order, user)))
      throw notFound('ORDER_NOT_FOUND', 'Order not found');
    if (!order.invoiceNumber || !order.company)
      throw notFound('NO_INVOICE', 'This order has no invoice: invoices are made for organisations');
    const lines = await this.db
      .select({ line: orderLines, name: products.name, ikpu: products.ikpu, vatPercent: products.vatPercent })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.position));
    const date = shopDay(order.createdAt);
    const invoiceLanguage = language ?? (order.language === 'ru' ? 'ru' : 'uz');
    // An invoice issued before the shop kept its seller's requisites prints today's settings.
    const { validDays, ...seller } = order.invoiceSeller ?? { ...this.settings, address: this.shopAddress };
    const body = await renderInvoice({
      number: order.invoiceNumber,
      date,
      validUntil: shiftShopDay(date, validDays),
      language: invoiceLanguage,
      seller,
      buyer: order.company,
      lines: [
        ...lines.map(({ line, name, ikpu, vatPercent }) => ({
          name: lineName(name, line, invoiceLanguage),
          ikpu,
          quantity: line.quantity,
          unitPrice: line.discountedPrice ?? line.price,
          vatPercent,
        })),
        ...feeLines(order, this.fiscal),
      ],
      total: order.total,
    });
    return { fileName: `invoice-${order.invoiceNumber}.pdf`, body };
  }
}
