import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for Payme's checkout page (the real one is not reachable from tests). The shop
 * under test is started with PAYME_CHECKOUT_URL pointing here (playwright.config.ts), so its
 * checkout sends the browser to `{this}/{base64("m=…;ac.order_id=…;a=…;c=…")}`, as to Payme.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
export const SHOP_PORT = BASE_PORT + 2;
export const STAND_IN_PORT = BASE_PORT + 3;
export const STAND_IN_URL = `http://127.0.0.1:${STAND_IN_PORT}/payme`;

/** The test cash desk: the shop is configured with it, the test signs Payme's calls with it. */
export const PAYME_DESK = { merchantId: '6541f0c2a1b2c3d4e5f60718', key: 'e2e-payme-test-key&?' } as const;

export interface PaymeCheckout {
  merchantId: string;
  orderId: string;
  /** tiyin */
  amount: number;
  returnUrl: string;
}

/** Reads Payme's GET checkout parameters: base64 of `m=…;ac.order_id=…;a=…;c=…`. */
export function readCheckout(encoded: string): PaymeCheckout | null {
  const fields = new Map<string, string>();
  for (const part of Buffer.from(decodeURIComponent(encoded), 'base64').toString('utf8').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at), part.slice(at + 1));
  }
  const amount = Number(fields.get('a'));
  const [merchantId, orderId, returnUrl] = [fields.get('m'), fields.get('ac.order_id'), fields.get('c')];
  if (!merchantId || !orderId || !returnUrl || !Number.isInteger(amount)) return null;
  return { merchantId, orderId, amount, returnUrl };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(checkout: PaymeCheckout): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payme (test stand-in)</title></head>
<body><main><h1>Payme (test stand-in)</h1>
<dl><dt>Merchant</dt><dd data-testid="merchant">${escape(checkout.merchantId)}</dd>
<dt>Order</dt><dd data-testid="order-id">${escape(checkout.orderId)}</dd>
<dt>Amount (tiyin)</dt><dd data-testid="amount">${checkout.amount}</dd></dl>
<a href="${escape(checkout.returnUrl)}">Return to the shop</a></main></body></html>`;
}

/** Serves the stand-in page; anything it cannot read is a 400, as a real checkout refuses it. */
export async function startPaymeStandIn(): Promise<Server> {
  const server = createServer((request, response) => {
    const match = /^\/payme\/([^/?#]+)$/.exec(request.url ?? '');
    const checkout = match ? readCheckout(match[1]!) : null;
    if (!checkout) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Unreadable checkout parameters');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(checkout));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(STAND_IN_PORT, '127.0.0.1', resolve);
  });
  return server;
}
