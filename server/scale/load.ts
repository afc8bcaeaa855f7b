import { randomBytes } from 'node:crypto';
import type { Order } from '@shop/common';
import { shopperPhone } from '../reliability/harness.js';

export interface LoadStats {
  requests: number;
  /** Answers by "METHOD status", e.g. "GET 200", "POST 502", "POST 0" (connection failed). */
  answers: Record<string, number>;
  acknowledged: Order[];
  /** Answers other than 200/201, as "METHOD status". */
  failed: string[];
}

export interface Load {
  stats: LoadStats;
  /** Stops the shoppers and waits for their last requests. */
  stop(): Promise<LoadStats>;
}

let shopperIndex = 0;

/**
 * Shoppers browsing and ordering through `target` until stopped (or `maxRequests`, so a run is
 * always bounded): two reads (list, detail) for every order.
 */
export function startLoad(
  target: { url: string },
  product: { id: string; color: string },
  { shoppers = 8, maxRequests = 20_000 } = {},
): Load {
  const stats: LoadStats = { requests: 0, answers: {}, acknowledged: [], failed: [] };
  let stopped = false;
  const note = (method: string, status: number) => {
    const key = `${method} ${status}`;
    stats.answers[key] = (stats.answers[key] ?? 0) + 1;
    if (status !== 200 && status !== 201) stats.failed.push(key);
  };
  const shopper = async () => {
    for (let step = 0; !stopped && stats.requests < maxRequests; step += 1) {
      stats.requests += 1;
      if (step % 3 === 2) {
        // Each order with a key of its own, as the web app's checkout sends it.
        const answer = await send(
          `${target.url}/api/orders`,
          {
            customerName: 'Scale shopper',
            phoneNumber: shopperPhone(500_000 + (shopperIndex += 1)),
            items: [{ productId: product.id, quantity: 1, color: product.color }],
          },
          randomBytes(16).toString('hex'),
        );
        note('POST', answer.status);
        if (answer.status === 201) stats.acknowledged.push(answer.body as Order);
      } else {
        const url = step % 3 === 0 ? '/api/products?page=1&limit=12' : `/api/products/${product.id}`;
        note('GET', (await send(`${target.url}${url}`)).status);
      }
    }
  };
  const running = Promise.all(Array.from({ length: shoppers }, shopper));
  return {
    stats,
    stop: async () => {
      stopped = true;
      await running;
      return stats;
    },
  };
}

/** One request; status 0 when the connection failed (nginx's own error pages are not JSON). */
async function send(
  url: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<{ status: number; body?: unknown }> {
  try {
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: response.status === 201 ? JSON.parse(text) : undefined };
  } catch {
    return { status: 0 };
  }
}
