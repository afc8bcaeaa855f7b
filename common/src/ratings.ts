/** Reviews and saved items: the limits and rules both the web forms and the server apply. */
import type { OrderStatus, Role } from './constants.js';

export const REVIEW_STATUSES = ['published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * Only a customer whose order with the product staff have confirmed may review it: a new order may
 * never be paid for or delivered, and a cancelled one was not (docs/decisions/014-saved-items-and-reviews.md).
 */
export const REVIEWER_ROLE: Role = 'customer';
export const REVIEW_QUALIFYING_ORDER_STATUS: OrderStatus = 'ordered';

export const REVIEW_LIMITS = {
  minRating: 1,
  maxRating: 5,
  /** After trimming; a word or two is the least that tells another shopper anything. */
  minTextLength: 3,
  /** UTF-16 units, as the browser's `maxlength` counts them, so the form and the server agree. */
  maxTextLength: 2000,
} as const;

/** Saved items a customer keeps (visible ones); a guest list merged at sign-in is cut to fit. */
export const WISHLIST_MAX_ITEMS = 100;

export interface RatingSummary {
  /** To one decimal; null while nobody has rated. */
  average: number | null;
  count: number;
}

/** The rating shoppers see, from the running sum and count of published reviews. */
export function ratingSummary(sum: number, count: number): RatingSummary {
  if (count <= 0) return { average: null, count: 0 };
  return { average: Math.round((sum * 10) / count) / 10, count };
}

/**
 * A rating to one decimal as the reader writes it: `4,5` in Uzbek and Russian, `4.5` in English.
 * Written here rather than by `toLocaleString`, whose locale data differ between Node and a browser
 * (Chromium has no Uzbek): the server's page and the hydrating browser must print the same text.
 */
export function formatRating(average: number, language: string): string {
  const text = average.toFixed(1);
  return language.slice(0, 2).toLowerCase() === 'en' ? text : text.replace('.', ',');
}

const APOSTROPHES = "'ʻʼ‘’`";
/** Uzbek Latin writes the initial of Sh-, Ch-, O'- and G'- names with both letters ("Sh.", "O'."). */
const UZBEK_DIGRAPH = new RegExp(`^(?:[SsCc][Hh]|[OoGg][${APOSTROPHES}])`);

/** "Dilnoza Karimova" → "Dilnoza K.": a review names its author by first name and initial only. */
export function reviewAuthorName(fullName: string): string {
  const [first = '', second] = fullName.trim().split(/\s+/u);
  if (!second) return first;
  const digraph = UZBEK_DIGRAPH.exec(second)?.[0];
  const initial = digraph
    ? `${digraph[0]!.toUpperCase()}${digraph.slice(1).toLowerCase()}`
    : Array.from(second)[0]!.toUpperCase();
  return `${first} ${initial}.`;
}
