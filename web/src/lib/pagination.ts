export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: string };

/**
 * The pager of the listing: first and last page, the current page with its neighbours,
 * and an ellipsis wherever pages are skipped. A gap of exactly one page shows that page instead.
 */
export function paginationModel(current: number, totalPages: number, neighbours = 1): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [{ type: 'page', page: 1 }] : [];
  // Few pages: every page fits in the room first/last/neighbours/ellipses would take.
  if (totalPages <= 2 * neighbours + 5) {
    return Array.from({ length: totalPages }, (_, index) => ({ type: 'page' as const, page: index + 1 }));
  }
  const page = Math.min(Math.max(1, current), totalPages);
  const wanted = new Set<number>([1, totalPages]);
  for (let p = page - neighbours; p <= page + neighbours; p += 1) {
    if (p >= 1 && p <= totalPages) wanted.add(p);
  }
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ type: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ type: 'ellipsis', key: `gap-${previous}-${p}` });
    items.push({ type: 'page', page: p });
    previous = p;
  }
  return items;
}
