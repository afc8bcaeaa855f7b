import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { createRequire } from 'node:module';
import type { SharedRedis } from './redis.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreCtor = new (...args: unknown[]) => Store;

// The plugin's own stores (CommonJS, not in its exports map's types).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreCtor;

class FallbackStore implements Store {
  constructor(
    private readonly redis: SharedRedis,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (!this.redis.up) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.redis.failed('counting a rate limit', error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): Store {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/**
 * @fastify/rate-limit counting in Redis (one budget across processes), and in this process while
 * Redis is away, so a limit never stops applying.
 */
export function sharedRateLimitStore(redis: SharedRedis, prefix: string) {
  return class SharedStore extends FallbackStore {
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      super(
        redis,
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis.client, prefix),
        new LocalStore(options.continueExceeding, options.exponentialBackoff),
      );
    }
  } as unknown as new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
}
