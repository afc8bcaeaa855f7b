import { describe, expect, it } from 'vitest';
import {
  REGIONS,
  REGION_NAMES,
  deliveryDays,
  earliestDeliveryDay,
  isDeliveryDayAllowed,
  isoWeekday,
  priceDelivery,
  regionAfterTo,
  type QuoteInput,
} from './delivery.js';

const base: QuoteInput = {
  lines: [{ unitPrice: 1_000_000, quantity: 2, assemblyPrice: 150_000 }],
  method: 'courier',
  zone: { fee: 50_000, freeFrom: 3_000_000 },
  carryPerFloor: 15_000,
  assembly: false,
  floor: 1,
  lift: false,
};

describe('priceDelivery', () => {
  it('charges the zone fee below the free threshold', () => {
    expect(priceDelivery(base)).toEqual({
      goods: 2_000_000,
      delivery: 50_000,
      assembly: 0,
      carry: 0,
      total: 2_050_000,
    });
  });

  it('waives the fee from the threshold on (goods exactly at it count)', () => {
    const lines = [{ unitPrice: 1_500_000, quantity: 2, assemblyPrice: 0 }];
    expect(priceDelivery({ ...base, lines }).delivery).toBe(0);
    expect(priceDelivery({ ...base, lines, zone: { fee: 50_000, freeFrom: null } }).delivery).toBe(50_000);
  });

  it('carries up per floor above the first and per unit without a lift, nothing with one', () => {
    expect(priceDelivery({ ...base, floor: 5 }).carry).toBe(15_000 * 4 * 2);
    expect(priceDelivery({ ...base, floor: 5, lift: true }).carry).toBe(0);
    expect(priceDelivery({ ...base, floor: 1 }).carry).toBe(0);
  });

  it('adds assembly per unit of the products that offer it, when chosen', () => {
    const lines = [...base.lines, { unitPrice: 300_000, quantity: 3, assemblyPrice: 0 }];
    const priced = priceDelivery({ ...base, lines, assembly: true, floor: 3 });
    expect(priced.assembly).toBe(300_000);
    expect(priced.carry).toBe(15_000 * 2 * 5);
    expect(priced.total).toBe(2_900_000 + 50_000 + 300_000 + 150_000);
  });

  it('prices no delivery for pickup or arrange', () => {
    for (const method of ['pickup', 'arrange'] as const) {
      expect(priceDelivery({ ...base, method, assembly: true, floor: 9 })).toEqual({
        goods: 2_000_000,
        delivery: 0,
        assembly: 0,
        carry: 0,
        total: 2_000_000,
      });
    }
  });
});

describe('delivery days', () => {
  // 2026-11-26 is a Thursday.
  const thursdayNoon = new Date('2026-11-26T07:00:00Z');

  it('knows ISO weekdays', () => {
    expect(isoWeekday('2026-11-26')).toBe(4);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('counts lead days as working days, skipping closed weekdays', () => {
    expect(earliestDeliveryDay(thursdayNoon, 1, [7])).toBe('2026-11-27');
    expect(earliestDeliveryDay(thursdayNoon, 2, [7])).toBe('2026-11-28');
    // Friday, Saturday, (Sunday closed), Monday.
    expect(earliestDeliveryDay(thursdayNoon, 3, [7])).toBe('2026-11-30');
    expect(earliestDeliveryDay(thursdayNoon, 2, [6, 7])).toBe('2026-11-30');
    expect(earliestDeliveryDay(thursdayNoon, 0, [7])).toBe('2026-11-26');
    expect(earliestDeliveryDay(new Date('2026-11-29T07:00:00Z'), 0, [7])).toBe('2026-11-30');
  });

  it('takes the order day in Tashkent: 23:30 there is still that day', () => {
    // 23:30 Tashkent on Thursday = 18:30 UTC; 00:30 Tashkent on Friday = 19:30 UTC Thursday.
    expect(earliestDeliveryDay(new Date('2026-11-26T18:30:00Z'), 1, [7])).toBe('2026-11-27');
    expect(earliestDeliveryDay(new Date('2026-11-26T19:30:00Z'), 1, [7])).toBe('2026-11-28');
  });

  it('lists the first 14 open days from the earliest, within 30 days', () => {
    const days = deliveryDays(thursdayNoon, '2026-11-27', [7]);
    expect(days[0]).toBe('2026-11-27');
    expect(days).not.toContain('2026-11-29');
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toBe('2026-12-12');
    expect(deliveryDays(thursdayNoon, '2026-12-20', [])).toHaveLength(7);
  });

  it('allows a day from the earliest, open, at most 30 days ahead', () => {
    const allowed = (day: string) => isDeliveryDayAllowed(day, thursdayNoon, '2026-11-27', [7]);
    expect(allowed('2026-11-26')).toBe(false);
    expect(allowed('2026-11-27')).toBe(true);
    expect(allowed('2026-11-29')).toBe(false);
    expect(allowed('2026-12-26')).toBe(true);
    expect(allowed('2026-12-27')).toBe(false);
  });
});

describe('regions', () => {
  it('names all 14 in three languages, Uzbek with the oʻ letter', () => {
    expect(REGIONS).toHaveLength(14);
    for (const region of REGIONS) expect(Object.values(REGION_NAMES[region]).every(Boolean)).toBe(true);
    expect(REGION_NAMES.fergana.uz).toContain('ʻ');
  });
});

describe('regionAfterTo', () => {
  it('puts every Russian region in the accusative after "в", and leaves Uzbek and English as named', () => {
    for (const region of REGIONS) {
      const named = REGION_NAMES[region].ru;
      const after = regionAfterTo(region, 'ru');
      if (named.endsWith('ская область')) expect(after).toBe(named.replace(/ая область$/, 'ую область'));
      else expect(after).not.toBe('');
      expect(regionAfterTo(region, 'uz')).toBe(REGION_NAMES[region].uz);
      expect(regionAfterTo(region, 'en')).toBe(REGION_NAMES[region].en);
    }
    expect(regionAfterTo('tashkent-city', 'ru')).toBe('город Ташкент');
    expect(regionAfterTo('karakalpakstan', 'ru')).toBe('Республику Каракалпакстан');
  });
});
