import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The connection every process shares state through. Commands fail at once while Redis is away
 * (no offline queue), so callers fall back to their in-process state instead of waiting.
 */
export interface SharedRedis {
  client: Redis;
  /** True while commands can be sent. */
  readonly up: boolean;
  /** Logs a Redis failure at most once per outage, and the recovery. */
  failed(what: string, error: unknown): void;
  /** Called on every reconnection after an outage (not on the first connection). */
  onRecovered(listener: () => void): void;
  close(): Promise<void>;
}

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    enableAutoPipelining: true,
    // Keep trying every second at most: the shop serves from memory meanwhile.
    retryStrategy: (attempt) => Math.min(attempt * 200, 1000),
  });
  let warned = false;
  let everReady = false;
  const recovered: (() => void)[] = [];
  const failed = (what: string, error: unknown) => {
    if (warned) return;
    warned = true;
    log.warn(
      { err: error },
      `Redis unavailable (${what}): throttles, rate limits and the read cache fall back to this process until it returns`,
    );
  };
  client.on('error', (error) => failed('connection', error));
  client.on('ready', () => {
    if (everReady) {
      log.warn('Redis is back: shared throttles, rate limits and cache invalidation resume');
      for (const listener of recovered) listener();
    }
    everReady = true;
    warned = false;
  });
  // A first connection that fails is not fatal: the shop starts and keeps retrying.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 3000);
    client.once('ready', done);
    client.once('error', done);
  });
  return {
    client,
    get up() {
      return client.status === 'ready';
    },
    failed,
    onRecovered: (listener) => void recovered.push(listener),
    close: async () => {
      client.disconnect();
    },
  };
}
