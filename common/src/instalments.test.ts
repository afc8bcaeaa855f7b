import { describe, expect, it } from 'vitest';
import { instalmentPlan, instalmentPlans, lowestMonthly, parseInstalmentTerms } from './instalments.js';

describe('instalment plans', () => {
  it("matches Uzum Nasiya's published example: 1 000 at 26 % over 6 months is 210 a month, 1 260 in all", () => {
    expect(instalmentPlan(1000, { months: 6, markupPercent: 26 })).toEqual({
      months: 6,
      monthly: 210,
      total: 1260,
      overpayment: 260,
    });
  });

  it("rounds the monthly payment up to a whole so'm and shows the total really paid", () => {
    const plan = instalmentPlan(1_234_567, { months: 12, markupPercent: 44 });
    expect(plan.monthly).toBe(148_149); // 1 777 776.48 / 12 = 148 148.04 → up
    expect(plan.total).toBe(148_149 * 12);
    expect(plan.overpayment).toBe(plan.total - 1_234_567);
    expect(plan.total).toBeGreaterThanOrEqual(1_234_567 * 1.44);
  });

  it('never advertises a total below the price with its markup, for many amounts and terms', () => {
    for (let amount = 1; amount < 5_000_000; amount = amount * 3 + 7) {
      for (const terms of [
        { months: 3, markupPercent: 0 },
        { months: 6, markupPercent: 26 },
        { months: 9, markupPercent: 33.5 },
        { months: 12, markupPercent: 44 },
      ]) {
        const plan = instalmentPlan(amount, terms);
        expect(Number.isInteger(plan.monthly)).toBe(true);
        expect(plan.total).toBe(plan.monthly * terms.months);
        expect(plan.total * 100).toBeGreaterThanOrEqual(amount * (100 + terms.markupPercent) - 1e-6);
        expect(plan.total - (amount * (100 + terms.markupPercent)) / 100).toBeLessThan(terms.months);
      }
    }
  });

  it('lists plans shortest first and picks the lowest monthly payment', () => {
    const terms = parseInstalmentTerms('12:44, 6:26');
    expect(instalmentPlans(1000, terms).map((p) => p.months)).toEqual([6, 12]);
    expect(lowestMonthly(1000, terms)).toMatchObject({ months: 12, monthly: 120 });
    expect(lowestMonthly(1000, [])).toBeUndefined();
  });

  it('reads INSTALMENT_PLANS and names a bad pair', () => {
    expect(parseInstalmentTerms('6:26,12:44')).toEqual([
      { months: 6, markupPercent: 26 },
      { months: 12, markupPercent: 44 },
    ]);
    expect(parseInstalmentTerms('')).toEqual([]);
    expect(() => parseInstalmentTerms('6:26,twelve:44')).toThrow('"twelve:44"');
    expect(() => parseInstalmentTerms('0:10')).toThrow('"0:10"');
    expect(() => parseInstalmentTerms('6:26,6:30')).toThrow('twice');
  });
});
