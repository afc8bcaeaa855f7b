import { randomUUID } from 'node:crypto';
import type { ChangeSignal } from '../plugins/public-reads/change-signal.js';
import type { SharedRedis } from './redis.js';

/**
 * The catalogue's change token kept in Redis: a write on any process replaces it before the write
 * is acknowledged, and every process reads it before serving a cached answer (one GET, pipelined
 * with the other requests in flight). So no process serves an answer older than an acknowledged
 * write, which a pub/sub message (delivered some time later) could not promise. While Redis is
 * away nothing is served from the cache; when it returns the token is replaced, because writes
 * made meanwhile could not announce themselves.
 */
export class RedisSignal implements ChangeSignal {
  constructor(
    private readonly redis: SharedRedis,
    private readonly key: string,
  ) {
    redis.onRecovered(() => void this.changed());
  }

  async current(): Promise<string | undefined> {
    if (!this.redis.up) return undefined;
    try {
      const token = await this.redis.client.get(this.key);
      if (token) return token;
      // A restarted Redis keeps nothing: start a new token (never reuse an old one).
      await this.redis.client.set(this.key, randomUUID(), 'NX');
      return (await this.redis.client.get(this.key)) ?? undefined;
    } catch (error) {
      this.redis.failed('reading the catalogue change token', error);
      return undefined;
    }
  }

  async changed(): Promise<void> {
    if (!this.redis.up) return;
    try {
      await this.redis.client.set(this.key, randomUUID());
    } catch (error) {
      this.redis.failed('announcing a catalogue change', error);
    }
  }
}
