import type { ClickConfig, PaymeConfig } from '../../config/payment-config.js';

/** Payme counts money in tiyin (1 so'm = 100 tiyin); the shop's totals are whole so'm. */
export const toTiyin = (som: number): number => som * 100;

/**
 * Where a provider sends the shopper back: the same page for guests and signed-in shoppers. With
 * the order key (known only while answering the shopper who holds it) a guest's browser can open
 * it; without it, only the signed-in owner or staff can.
 */
export const confirmationUrl = (publicUrl: string, orderId: string, orderKey?: string): string =>
  `${publicUrl}/order-confirmation?order=${orderId}${orderKey ? `&key=${orderKey}` : ''}`;

interface PayableOrder {
  id: string;
  total: number;
}

/**
 * Payme's checkout by GET: the page address followed by base64 of `m=…;ac.order_id=…;a=…;c=…`
 * (merchant, account field, amount in tiyin, return address).
 */
export function paymeCheckoutUrl(config: PaymeConfig, order: PayableOrder, returnUrl: string): string {
  const params = `m=${config.merchantId};ac.order_id=${order.id};a=${toTiyin(order.total)};c=${returnUrl}`;
  return `${config.checkoutUrl}/${Buffer.from(params, 'utf8').toString('base64')}`;
}

/** Click's payment page takes the amount in so'm and gives `transaction_param` back as merchant_trans_id. */
export function clickCheckoutUrl(config: ClickConfig, order: PayableOrder, returnUrl: string): string {
  const query = new URLSearchParams({
    service_id: config.serviceId,
    merchant_id: config.merchantId,
    amount: String(order.total),
    transaction_param: order.id,
    return_url: returnUrl,
  });
  return `${config.checkoutUrl}?${query.toString()}`;
}
