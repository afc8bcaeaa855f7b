import { LocalFailureCounts, type FailureCounts } from './local-failure-counts.js';
import type { SharedRedis } from './redis.js';

// One round trip, atomic: the window starts at the first failure; an attempt at the limit is
// refused and not counted.
const ATTEMPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 1 then ttl = 1 end
  return ttl
end
return 0`;
const FORGIVE = `
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count`;

/**
 * Counts in a fixed window kept in Redis (sign-in failures, orders per address), so five wrong
 * passwords are five whichever processes they reach; counted in this process while Redis is away
 * (with a warning), so the throttle never stops.
 */
export class RedisFailureCounts implements FailureCounts {
  private readonly local: LocalFailureCounts;

  constructor(
    private readonly redis: SharedRedis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
    /** What is counted, for the warning when Redis is away. */
    private readonly what = 'a failed sign-in',
  ) {
    this.local = new LocalFailureCounts(limit, windowMs);
  }

  async attempt(key: string): Promise<number> {
    if (this.redis.up) {
      try {
        return Number(await this.redis.client.eval(ATTEMPT, 1, this.prefix + key, this.windowMs, this.limit));
      } catch (error) {
        this.redis.failed(`counting ${this.what}`, error);
      }
    }
    return this.local.attempt(key);
  }

  async reset(key: string): Promise<void> {
    await this.local.reset(key);
    if (!this.redis.up) return;
    await this.redis.client
      .del(this.prefix + key)
      .catch((error: unknown) => this.redis.failed(`resetting ${this.what}`, error));
  }

  async forgive(key: string): Promise<void> {
    await this.local.forgive(key);
    if (!this.redis.up) return;
    await this.redis.client
      .eval(FORGIVE, 1, this.prefix + key)
      .catch((error: unknown) => this.redis.failed(`forgiving ${this.what}`, error));
  }
}
