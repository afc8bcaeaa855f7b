/**
 * The one pager model of the app: every pager component draws what this returns, so the rules
 * (clamping, which numbers show, where the gaps go) are tested here once.
 */

/** A pager's first, previous, next or last button: the page it goes to, and whether it can. */
export interface PageStep {
  page: number;
  disabled: boolean;
}

export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

export interface PagerModel {
  /** Hidden when everything fits on one page. */
  visible: boolean;
  /** The page shown, clamped to 1…totalPages. */
  current: number;
  /** At least 1. */
  totalPages: number;
  first: PageStep;
  prev: PageStep;
  next: PageStep;
  last: PageStep;
  /**
   * The first and the last page, the current page and its neighbours, and a gap wherever two or
   * more pages are skipped (one skipped page is shown instead: it takes the gap's room). Every
   * page when there are at most seven.
   */
  numbers: PageItem[];
  /** Up to five consecutive pages centred on the current one. */
  window: number[];
}

const NEIGHBOURS = 1;
const WINDOW = 5;

function numbersAround(current: number, total: number): PageItem[] {
  if (total <= 2 * NEIGHBOURS + 5) {
    return Array.from({ length: total }, (_, index) => ({ type: 'page' as const, page: index + 1 }));
  }
  const wanted = new Set<number>([1, total]);
  for (let page = current - NEIGHBOURS; page <= current + NEIGHBOURS; page += 1) {
    if (page >= 1 && page <= total) wanted.add(page);
  }
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...wanted].sort((a, b) => a - b)) {
    if (page - previous === 2) items.push({ type: 'page', page: page - 1 });
    else if (page - previous > 2) items.push({ type: 'gap', key: `gap-${previous}-${page}` });
    items.push({ type: 'page', page });
    previous = page;
  }
  return items;
}

function windowAround(current: number, total: number): number[] {
  const count = Math.min(WINDOW, total);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

export function pagerModel(page: number, totalPages: number): PagerModel {
  const total = Math.max(1, Math.floor(totalPages) || 1);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), total);
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
    numbers: numbersAround(current, total),
    window: windowAround(current, total),
  };
}
