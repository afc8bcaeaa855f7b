import { describe, expect, it } from 'vitest';
import { clickCheckoutUrl, confirmationUrl, paymeCheckoutUrl, toTiyin } from './checkout-urls.js';
import { CLICK, PAYME } from '../../test/payment-test-kit.js';

const order = { id: 'ab12cd34ef56ab12cd34ef56', total: 1_250_000 };
const returnUrl = confirmationUrl('https://mebel.uz', order.id);

describe('checkout pages', () => {
  it("counts Payme's amount in tiyin", () => {
    expect(toTiyin(1)).toBe(100);
    expect(toTiyin(1_250_000)).toBe(125_000_000);
  });

  it('sends the shopper back to the confirmation page of the order', () => {
    expect(returnUrl).toBe('https://mebel.uz/order-confirmation?order=ab12cd34ef56ab12cd34ef56');
    // With the order key, a guest's browser can open it again.
    expect(confirmationUrl('https://mebel.uz', order.id, 'Zm9vYmFyLWtleV8xMjM0NQ')).toBe(
      'https://mebel.uz/order-confirmation?order=ab12cd34ef56ab12cd34ef56&key=Zm9vYmFyLWtleV8xMjM0NQ',
    );
  });

  it("writes Payme's GET checkout as base64 of m, ac.order_id, a and c", () => {
    const url = paymeCheckoutUrl(PAYME, order, returnUrl);
    // Standard base64 may hold '/' itself: the parameters are everything after the page's address.
    expect(url.startsWith(`${PAYME.checkoutUrl}/`)).toBe(true);
    const encoded = url.slice(PAYME.checkoutUrl.length + 1);
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(
      `m=${PAYME.merchantId};ac.order_id=${order.id};a=125000000;c=${returnUrl}`,
    );
  });

  it("writes Click's payment page with the amount in so'm and the order as transaction_param", () => {
    const url = new URL(clickCheckoutUrl(CLICK, order, returnUrl));
    expect(url.origin + url.pathname).toBe(CLICK.checkoutUrl);
    expect([...url.searchParams]).toEqual([
      ['service_id', CLICK.serviceId],
      ['merchant_id', CLICK.merchantId],
      ['amount', '1250000'],
      ['transaction_param', order.id],
      ['return_url', returnUrl],
    ]);
  });
});
