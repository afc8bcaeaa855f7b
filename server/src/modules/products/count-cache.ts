/**
 * Remembers list totals between catalogue writes, so a page of a large catalogue does not
 * count every matching row on each request. Entries also expire, because whether a discount
 * is running changes with time and other processes may write to the same database.
 * Concurrent requests for the same total share one count instead of each running it.
 */
export class CountCache {
  private readonly entries = new Map<string, { count: Promise<number>; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, count: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.count;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const pending = count();
    const entry = { count: pending, expires: now + this.ttlMs };
    this.entries.set(key, entry);
    // A failed count is not remembered: the next request asks the database again.
    pending.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}
