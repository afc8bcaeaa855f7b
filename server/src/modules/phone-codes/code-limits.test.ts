import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeRequestLimits } from './code-limits.js';

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T10:00:00Z') }));
afterEach(() => vi.useRealTimers());
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('code request limits', () => {
  it('allow one code a phone and purpose a minute', async () => {
    const limits = new CodeRequestLimits();
    expect(await limits.admit('+998900000001', 'signup', '10.0.0.1')).toBe(0);
    const wait = await limits.admit('+998900000001', 'signup', '10.0.0.2');
    expect(wait).toBeGreaterThan(59_000);
    expect(await limits.admit('+998900000001', 'orders', '10.0.0.1')).toBe(0);
    later(60_001);
    expect(await limits.admit('+998900000001', 'signup', '10.0.0.1')).toBe(0);
  });

  it('send at most 5 codes to a phone from one address an hour, and 10 from however many', async () => {
    const limits = new CodeRequestLimits();
    const fromOne = [];
    for (let i = 0; i < 6; i += 1) {
      fromOne.push(await limits.admit('+998900000002', 'orders', '10.1.0.1'));
      later(61_000);
    }
    expect(fromOne.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(fromOne[5]).toBeGreaterThan(0);
    // A stranger's address used its 5: the owner, elsewhere, still gets codes.
    const elsewhere = [];
    for (let i = 0; i < 6; i += 1) {
      elsewhere.push(await limits.admit('+998900000002', 'orders', `10.1.1.${i}`));
      later(61_000);
    }
    expect(elsewhere.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(elsewhere[5]).toBeGreaterThan(0);
    later(3_600_000);
    expect(await limits.admit('+998900000002', 'orders', '10.1.0.99')).toBe(0);
  });

  it('send at most 20 codes for one client address an hour, and a refusal counts nothing', async () => {
    const limits = new CodeRequestLimits();
    for (let i = 0; i < 20; i += 1)
      expect(await limits.admit(`+9989000001${String(i).padStart(2, '0')}`, 'signup', '10.2.0.1')).toBe(0);
    expect(await limits.admit('+998900000199', 'signup', '10.2.0.1')).toBeGreaterThan(0);
    // The refused phone was not put in its cool-down by the refusal.
    expect(await limits.admit('+998900000199', 'signup', '10.2.0.2')).toBe(0);
  });
});
