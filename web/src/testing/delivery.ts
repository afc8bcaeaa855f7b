import { REGIONS, REGION_NAMES, type DeliveryZoneDto, type Quote } from '@shop/common';

/** Every region open, as a fresh shop has them. */
export const TEST_ZONES: DeliveryZoneDto[] = REGIONS.map((region) => ({
  region,
  name: REGION_NAMES[region].en,
  names: REGION_NAMES[region],
  enabled: true,
  fee: 50_000,
  freeFrom: 3_000_000,
  leadDays: 1,
}));

/** A quote for 900 000 so'm of goods: the fee, two days with the first slot of the first day full. */
export function testQuote(override: Partial<Quote> = {}): Quote {
  return {
    goods: 900_000,
    delivery: 50_000,
    assembly: 0,
    carry: 0,
    total: 950_000,
    earliestDate: '2026-06-02',
    assemblyOffered: false,
    dates: [
      {
        date: '2026-06-02',
        slots: [
          { slot: '09-13', available: false, left: 0 },
          { slot: '13-18', available: true, left: 3 },
        ],
      },
      {
        date: '2026-06-03',
        slots: [
          { slot: '09-13', available: true, left: 8 },
          { slot: '13-18', available: true, left: 8 },
        ],
      },
    ],
    ...override,
  };
}
