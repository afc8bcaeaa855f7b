import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.js';

describe('CountCache', () => {
  it('runs one count for concurrent requests and remembers it', async () => {
    const cache = new CountCache();
    let runs = 0;
    const count = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    expect(await Promise.all([cache.get('k', count), cache.get('k', count), cache.get('k', count)])).toEqual([
      42, 42, 42,
    ]);
    expect(await cache.get('k', count)).toBe(42);
    expect(runs).toBe(1);
  });

  it('counts again after clear and after expiry', async () => {
    const cache = new CountCache(0);
    let runs = 0;
    const count = async () => ++runs;
    await cache.get('k', count);
    await cache.get('k', count);
    expect(runs).toBe(2);
    const lasting = new CountCache();
    await lasting.get('k', count);
    lasting.clear();
    expect(await lasting.get('k', count)).toBe(4);
  });

  it('does not remember a failed count', async () => {
    const cache = new CountCache();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});
