import { asc, eq } from 'drizzle-orm';
import { shiftShopDay, shopDay } from '@shop/common';
import type { InvoiceSettings } from '../../config/invoice-settings.js';
import type { Db } from '../../db/client.js';
import { orderLines, orders, products, type OrderRow } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { notFound } from '../../plugins/errors.js';
import { renderInvoice, type InvoiceLine } from '../invoices/invoice-pdf.js';
import { isOwnerOrStaff, orderKeyMatches } from './order-key.js';

/** The fees the order was priced with, as lines of their own (services: no IKPU). */
function feeLines(order: OrderRow): InvoiceLine[] {
  const fees: [string, number][] = [
    ['Yetkazib berish / Доставка', order.deliveryFee],
    ['Yigʻish / Сборка', order.assemblyFee],
    ['Qavatga koʻtarish / Подъём на этаж', order.carryFee],
  ];
  return fees
    .filter(([, amount]) => amount > 0)
    .map(([name, amount]) => ({ name, ikpu: null, quantity: 1, unitPrice: amount }));
}

/** A company order's invoice, for whoever may open the order (its key, its owner, staff). */
export class OrderInvoices {
  constructor(
    private readonly db: Db,
    private readonly settings: InvoiceSettings,
    private readonly shopAddress: string | undefined,
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
      .select({ line: orderLines, name: products.name })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.position));
    const date = shopDay(order.createdAt);
    const { validDays, ...seller } = this.settings;
    const body = await renderInvoice({
      number: order.invoiceNumber,
      date,
      validUntil: shiftShopDay(date, validDays),
      language: language ?? (order.language === 'ru' ? 'ru' : 'uz'),
      seller: { ...seller, address: this.shopAddress },
      buyer: order.company,
      lines: [
        ...lines.map(({ line, name }) => ({
          name: line.color ? `${name} (${line.color})` : name,
          ikpu: null,
          quantity: line.quantity,
          unitPrice: line.discountedPrice ?? line.price,
        })),
        ...feeLines(order),
      ],
      total: order.total,
    });
    return { fileName: `invoice-${order.invoiceNumber}.pdf`, body };
  }
}
