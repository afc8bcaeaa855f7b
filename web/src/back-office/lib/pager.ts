/**
 * Pure pager models for the staff tables (at most 5 numbered pages).
 * Components only draw what these return, so the rules are tested here once.
 */

export interface WindowPagerModel {
  /** Hidden when everything fits on one page. */
  visible: boolean;
  current: number;
  totalPages: number;
  first: { page: number; disabled: boolean };
  prev: { page: number; disabled: boolean };
  next: { page: number; disabled: boolean };
  last: { page: number; disabled: boolean };
  /** Up to `maxNumbers` consecutive page numbers around the current page. */
  pages: number[];
}

function clampPage(page: number, totalPages: number): number {
  const total = Math.max(1, Math.floor(totalPages) || 1);
  const current = Math.floor(page) || 1;
  return Math.min(Math.max(1, current), total);
}

/** Products: first, previous, up to 5 numbers centred on the current page, next, last. */
export function windowPager(page: number, totalPages: number, maxNumbers = 5): WindowPagerModel {
  const total = Math.max(1, Math.floor(totalPages) || 1);
  const current = clampPage(page, total);
  const count = Math.min(maxNumbers, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  const pages = Array.from({ length: count }, (_, i) => start + i);
  const atStart = current <= 1;
  const atEnd = current >= total;
  return {
    visible: total > 1,
    current,
    totalPages: total,
    first: { page: 1, disabled: atStart },
    prev: { page: Math.max(1, current - 1), disabled: atStart },
    next: { page: Math.min(total, current + 1), disabled: atEnd },
    last: { page: total, disabled: atEnd },
    pages,
  };
}

export type NumberedPagerItem =
  { type: 'page'; page: number; current: boolean } | { type: 'gap'; key: string };

/**
 * Users: numbered pages. Every number when there are few pages; otherwise the first, the last and
 * the neighbours of the current page, with gaps between them, so the row fits on a phone.
 */
export function numberedPager(page: number, totalPages: number, maxAll = 7): NumberedPagerItem[] {
  const total = Math.max(1, Math.floor(totalPages) || 1);
  if (total <= 1) return [];
  const current = clampPage(page, total);
  const shown = new Set<number>();
  if (total <= maxAll) {
    for (let p = 1; p <= total; p += 1) shown.add(p);
  } else {
    for (const p of [1, total, current - 1, current, current + 1]) if (p >= 1 && p <= total) shown.add(p);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: NumberedPagerItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) items.push({ type: 'gap', key: `gap-${previous}-${p}` });
    items.push({ type: 'page', page: p, current: p === current });
    previous = p;
  }
  return items;
}

/** Orders: Previous, 'Page X of Y', Next, shown only when there is more than one page. */
export function simplePager(page: number, totalPages: number) {
  const total = Math.max(1, Math.floor(totalPages) || 1);
  const current = clampPage(page, total);
  return {
    visible: total > 1,
    current,
    totalPages: total,
    prevDisabled: current <= 1,
    nextDisabled: current >= total,
  };
}
