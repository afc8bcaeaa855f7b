import { orderTotals, type OrderLine, type OrderPatch } from '@shop/common';

/** The inline editor's text inputs for one order line. */
export interface LineDraft {
  quantity: string;
  discountedPrice: string;
}

export function lineToDraft(line: OrderLine): LineDraft {
  return {
    quantity: String(line.quantity),
    discountedPrice: line.discountedPrice == null ? '' : String(line.discountedPrice),
  };
}

/** Quantity is at least 1; anything non-numeric becomes 1. */
export function parseQuantity(raw: string): number {
  const value = Math.floor(Number(raw.trim()));
  if (!Number.isFinite(value) || raw.trim() === '' || value < 1) return 1;
  return value;
}

/** Empty means no discount; otherwise at least 0, in whole so'm (docs/decisions/002). */
export function parseDiscountedPrice(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.max(0, Math.round(value));
}

export function applyLineDraft(lines: readonly OrderLine[], index: number, draft: LineDraft): OrderLine[] {
  return lines.map((line, i) =>
    i === index
      ? {
          ...line,
          quantity: parseQuantity(draft.quantity),
          discountedPrice: parseDiscountedPrice(draft.discountedPrice),
        }
      : line,
  );
}

/** PATCH body for a line edit: the lines by product id (and variant), and the total re-computed with `orderTotals`. */
export function linesPatch(lines: readonly OrderLine[]): Required<Pick<OrderPatch, 'products' | 'total'>> {
  return {
    products: lines.map((line) => ({
      product: line.product._id,
      color: line.color,
      ...(line.variant && { variantId: line.variant._id }),
      quantity: line.quantity,
      discountedPrice: line.discountedPrice,
    })),
    total: orderTotals(lines).total,
  };
}
