/**
 * Remembers list totals between catalogue writes, so a page of a large catalogue does not
 * count every matching row on each request. Entries also expire, because whether a discount
 * is running changes with time and other processes may write to the same database.
 */
export class CountCache {
  private readonly entries = new Map<string, { count: number; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.count;
    const value = await count();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { count: value, expires: now + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
