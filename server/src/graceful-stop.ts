import { Server as NetServer } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** Time for a connection accepted just before the listener closed to deliver its request. */
const ARRIVAL_GRACE_MS = 500;
/** Requests still running after this are cut, so a stuck one cannot hold a restart forever. */
const IN_FLIGHT_LIMIT_MS = 15_000;
const IDLE_SWEEP_MS = 100;

/**
 * Stops taking connections and waits for every request already taken, each answered normally.
 * Node's own `server.close()` (which Fastify's close calls) also drops every connection whose
 * request it has not read yet: a proxy that sent a POST on such a connection gets a reset, and it
 * must not resend an order, so the shopper would see a 502. Closing the listener alone first, and
 * answering what arrives on the accepted connections, leaves nothing for the proxy to lose.
 */
export async function stopTakingRequests(server: HttpServer): Promise<void> {
  if (!server.listening) return;
  const allClosed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  await sleep(ARRIVAL_GRACE_MS);
  // Keep-alive connections with nothing in flight are closed as they become idle.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.closeIdleConnections();
  const limit = sleep(IN_FLIGHT_LIMIT_MS, 'limit' as const);
  try {
    if ((await Promise.race([allClosed, limit])) === 'limit') server.closeAllConnections();
  } finally {
    clearInterval(sweep);
  }
}
