/**
 * Counts failed logins per key (a phone number, a client address) in a fixed window.
 * Only failures count, so staff signing in often are never locked out by their successes.
 */
export class FailureCounter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.limit ? entry.resetAt - now : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.failures.size > 100_000) this.prune(now);
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  /** Takes back one failure counted for an attempt that turned out not to be a wrong guess. */
  forgive(key: string): void {
    const entry = this.failures.get(key);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count <= 0) this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}

/** Failure counts that several processes may share. */
export interface FailureCounts {
  /** Counts an attempt as a failure up front; ms to wait (nothing counted) when at the limit. */
  attempt(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  forgive(key: string): Promise<void>;
}

/** This process's counts. */
export class LocalFailureCounts implements FailureCounts {
  readonly counter: FailureCounter;

  constructor(limit: number, windowMs: number) {
    this.counter = new FailureCounter(limit, windowMs);
  }

  async attempt(key: string): Promise<number> {
    const wait = this.counter.blockedFor(key);
    if (wait === 0) this.counter.fail(key);
    return wait;
  }

  async reset(key: string): Promise<void> {
    this.counter.reset(key);
  }

  async forgive(key: string): Promise<void> {
    this.counter.forgive(key);
  }
}
