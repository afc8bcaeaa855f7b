import { shiftShopDay, shopDay } from './shop-day.js';

/** The 14 regions of Uzbekistan, by fixed codes the wire, the cookie and the zones table use. */
export const REGIONS = [
  'tashkent-city',
  'tashkent',
  'andijan',
  'bukhara',
  'fergana',
  'jizzakh',
  'kashkadarya',
  'khorezm',
  'namangan',
  'navoi',
  'samarkand',
  'sirdarya',
  'surkhandarya',
  'karakalpakstan',
] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'tashkent-city';

export interface RegionNames {
  uz: string;
  ru: string;
  en: string;
}

export const REGION_NAMES: Record<Region, RegionNames> = {
  'tashkent-city': { uz: 'Toshkent shahri', ru: 'город Ташкент', en: 'Tashkent city' },
  tashkent: { uz: 'Toshkent viloyati', ru: 'Ташкентская область', en: 'Tashkent region' },
  andijan: { uz: 'Andijon viloyati', ru: 'Андижанская область', en: 'Andijan region' },
  bukhara: { uz: 'Buxoro viloyati', ru: 'Бухарская область', en: 'Bukhara region' },
  fergana: { uz: 'Fargʻona viloyati', ru: 'Ферганская область', en: 'Fergana region' },
  jizzakh: { uz: 'Jizzax viloyati', ru: 'Джизакская область', en: 'Jizzakh region' },
  kashkadarya: { uz: 'Qashqadaryo viloyati', ru: 'Кашкадарьинская область', en: 'Kashkadarya region' },
  khorezm: { uz: 'Xorazm viloyati', ru: 'Хорезмская область', en: 'Khorezm region' },
  namangan: { uz: 'Namangan viloyati', ru: 'Наманганская область', en: 'Namangan region' },
  navoi: { uz: 'Navoiy viloyati', ru: 'Навоийская область', en: 'Navoi region' },
  samarkand: { uz: 'Samarqand viloyati', ru: 'Самаркандская область', en: 'Samarkand region' },
  sirdarya: { uz: 'Sirdaryo viloyati', ru: 'Сырдарьинская область', en: 'Sirdarya region' },
  surkhandarya: { uz: 'Surxondaryo viloyati', ru: 'Сурхандарьинская область', en: 'Surkhandarya region' },
  karakalpakstan: {
    uz: 'Qoraqalpogʻiston Respublikasi',
    ru: 'Республика Каракалпакстан',
    en: 'Republic of Karakalpakstan',
  },
};

/** ISO 3166-2:UZ subdivision codes without `UZ-`, as shipping regions in feeds and structured data. */
export const REGION_ISO_CODES: Record<Region, string> = {
  'tashkent-city': 'TK',
  tashkent: 'TO',
  andijan: 'AN',
  bukhara: 'BU',
  fergana: 'FA',
  jizzakh: 'JI',
  kashkadarya: 'QA',
  khorezm: 'XO',
  namangan: 'NG',
  navoi: 'NW',
  samarkand: 'SA',
  sirdarya: 'SI',
  surkhandarya: 'SU',
  karakalpakstan: 'QR',
};

/** What delivering one unit at `unitPrice` costs in a zone: its fee, or nothing from its free-from amount. */
export const unitDeliveryFee = (zone: Pick<DeliveryZone, 'fee' | 'freeFrom'>, unitPrice: number): number =>
  priceDelivery({
    lines: [{ unitPrice, quantity: 1, assemblyPrice: 0 }],
    method: 'courier',
    zone,
    carryPerFloor: 0,
    assembly: false,
    floor: 1,
    lift: true,
  }).delivery;

/**
 * Russian names after "в" where delivery goes (accusative): "Доставка в Ташкентскую область", not
 * "в Ташкентская область". Uzbek and English phrases take the name as it is.
 */
const REGION_NAMES_RU_TO: Record<Region, string> = {
  'tashkent-city': 'город Ташкент',
  tashkent: 'Ташкентскую область',
  andijan: 'Андижанскую область',
  bukhara: 'Бухарскую область',
  fergana: 'Ферганскую область',
  jizzakh: 'Джизакскую область',
  kashkadarya: 'Кашкадарьинскую область',
  khorezm: 'Хорезмскую область',
  namangan: 'Наманганскую область',
  navoi: 'Навоийскую область',
  samarkand: 'Самаркандскую область',
  sirdarya: 'Сырдарьинскую область',
  surkhandarya: 'Сурхандарьинскую область',
  karakalpakstan: 'Республику Каракалпакстан',
};

/** A region's name as it follows "Delivery to" in the language. */
export const regionAfterTo = (region: Region, language: string): string =>
  language === 'ru' ? REGION_NAMES_RU_TO[region] : REGION_NAMES[region][language as keyof RegionNames];

export const isRegion = (value: unknown): value is Region => REGIONS.includes(value as Region);

/** `arrange`: no delivery was chosen (a client that sends none); staff agree it by phone. */
export const DELIVERY_METHODS = ['courier', 'pickup', 'arrange'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const DELIVERY_STATUSES = [
  'scheduled',
  'awaiting',
  'out_for_delivery',
  'delivered',
  'failed',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A courier order starts scheduled (it has a date and slot); pickup and arrange wait for a call. */
export const initialDeliveryStatus = (method: DeliveryMethod): DeliveryStatus =>
  method === 'courier' ? 'scheduled' : 'awaiting';

/** The highest floor a carry-up is priced for: the tallest residential towers here are under 50. */
export const MAX_FLOOR = 50;
/** A delivery date is at most this many days after the order's Tashkent day. */
export const MAX_DAYS_AHEAD = 30;
/** How many open days, from the earliest, the quote lists. */
export const QUOTE_DAYS = 14;

export interface DeliveryZone {
  region: Region;
  enabled: boolean;
  /** So'm per order. */
  fee: number;
  /** Goods total (so'm) from which the fee is waived; null = never free. */
  freeFrom: number | null;
  /** Working days from the order's day to the earliest delivery day. */
  leadDays: number;
}

export interface DeliverySettings {
  slots: string[];
  slotCapacity: number;
  /** ISO weekdays (1 = Monday … 7 = Sunday) without deliveries. */
  closedWeekdays: number[];
  /** So'm per floor above the first, per unit, when there is no lift. */
  carryPerFloor: number;
}

export interface QuoteLine {
  /** What the shopper pays per unit now (the discount applied). */
  unitPrice: number;
  quantity: number;
  /** So'm per unit; 0 = the product offers no assembly. */
  assemblyPrice: number;
}

export interface QuoteInput {
  lines: readonly QuoteLine[];
  method: DeliveryMethod;
  zone: Pick<DeliveryZone, 'fee' | 'freeFrom'> | null;
  carryPerFloor: number;
  assembly: boolean;
  floor: number;
  lift: boolean;
  /** FREE_DELIVERY_FROM: goods total (so'm) from which delivery is free in every zone; null = none. */
  freeFromEverywhere?: number | null;
}

export interface DeliveryPrice {
  goods: number;
  delivery: number;
  assembly: number;
  carry: number;
  total: number;
}

/**
 * What an order costs, delivery included: the one rule behind the quote, the order and its total.
 * Only a courier delivery carries fees; pickup and `arrange` are priced by staff by phone (0 here).
 */
export function priceDelivery(input: QuoteInput): DeliveryPrice {
  const goods = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  if (input.method !== 'courier' || !input.zone) {
    return { goods, delivery: 0, assembly: 0, carry: 0, total: goods };
  }
  const { fee, freeFrom } = input.zone;
  // The lower of the zone's own threshold and the shop-wide one wins.
  const thresholds = [freeFrom, input.freeFromEverywhere ?? null].filter((from) => from !== null);
  const delivery = thresholds.some((from) => goods >= from) ? 0 : fee;
  const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const carry = input.lift ? 0 : input.carryPerFloor * Math.max(0, input.floor - 1) * units;
  const assembly = input.assembly
    ? input.lines.reduce((sum, line) => sum + line.assemblyPrice * line.quantity, 0)
    : 0;
  return { goods, delivery, assembly, carry, total: goods + delivery + assembly + carry };
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a plain `YYYY-MM-DD` day. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

/**
 * The earliest delivery day of an order placed at `at`: the `leadDays`-th working day after the
 * order's Tashkent day, closed weekdays not counted (0 lead days: that day, or the next open one).
 */
export function earliestDeliveryDay(at: Date, leadDays: number, closedWeekdays: readonly number[]): string {
  const open = (day: string) => !closedWeekdays.includes(isoWeekday(day));
  let day = shopDay(at);
  let left = leadDays;
  if (left === 0 && open(day)) return day;
  // Seven closed weekdays are refused by the settings schema, so an open day always comes.
  for (let guard = 0; guard < 400; guard += 1) {
    day = shiftShopDay(day, 1);
    if (!open(day)) continue;
    if (left <= 1) return day;
    left -= 1;
  }
  return day;
}

/** The days a shopper may pick: the first `QUOTE_DAYS` open days from the earliest, within the horizon. */
export function deliveryDays(
  at: Date,
  earliest: string,
  closedWeekdays: readonly number[],
  count: number = QUOTE_DAYS,
  /** Days of production before delivery: the horizon moves out by as many. */
  productionLead = 0,
): string[] {
  const last = shiftShopDay(shopDay(at), MAX_DAYS_AHEAD + productionLead);
  const days: string[] = [];
  for (let day = earliest; days.length < count && day <= last; day = shiftShopDay(day, 1)) {
    if (!closedWeekdays.includes(isoWeekday(day))) days.push(day);
  }
  return days;
}

/** Whether a shopper may choose `day`: not before the earliest, open, at most 30 days ahead (plus any production lead). */
export function isDeliveryDayAllowed(
  day: string,
  at: Date,
  earliest: string,
  closedWeekdays: readonly number[],
  productionLead = 0,
): boolean {
  return (
    day >= earliest &&
    day <= shiftShopDay(shopDay(at), MAX_DAYS_AHEAD + productionLead) &&
    !closedWeekdays.includes(isoWeekday(day))
  );
}
