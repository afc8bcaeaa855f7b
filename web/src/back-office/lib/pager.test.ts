import { describe, expect, it } from 'vitest';
import { numberedPager, simplePager, windowPager } from './pager';

describe('windowPager (products)', () => {
  it('is hidden with a single page', () => {
    const model = windowPager(1, 1);
    expect(model.visible).toBe(false);
    expect(model.pages).toEqual([1]);
  });

  it('shows every page when there are at most 5', () => {
    expect(windowPager(2, 3).pages).toEqual([1, 2, 3]);
    expect(windowPager(5, 5).pages).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres up to 5 numbers on the current page', () => {
    expect(windowPager(1, 20).pages).toEqual([1, 2, 3, 4, 5]);
    expect(windowPager(2, 20).pages).toEqual([1, 2, 3, 4, 5]);
    expect(windowPager(10, 20).pages).toEqual([8, 9, 10, 11, 12]);
    expect(windowPager(19, 20).pages).toEqual([16, 17, 18, 19, 20]);
    expect(windowPager(20, 20).pages).toEqual([16, 17, 18, 19, 20]);
  });

  it('disables first/previous on the first page and next/last on the last', () => {
    const start = windowPager(1, 8);
    expect(start.first.disabled).toBe(true);
    expect(start.prev.disabled).toBe(true);
    expect(start.next).toEqual({ page: 2, disabled: false });
    expect(start.last).toEqual({ page: 8, disabled: false });
    const end = windowPager(8, 8);
    expect(end.next.disabled).toBe(true);
    expect(end.last.disabled).toBe(true);
    expect(end.prev).toEqual({ page: 7, disabled: false });
    expect(end.first).toEqual({ page: 1, disabled: false });
  });

  it('clamps a page beyond the range and treats zero pages as one', () => {
    expect(windowPager(99, 3).current).toBe(3);
    expect(windowPager(0, 3).current).toBe(1);
    expect(windowPager(1, 0)).toMatchObject({ visible: false, totalPages: 1 });
  });
});

describe('numberedPager (users)', () => {
  it('is empty with one page', () => {
    expect(numberedPager(1, 1)).toEqual([]);
  });

  it('numbers every page when few', () => {
    expect(numberedPager(2, 3)).toEqual([
      { type: 'page', page: 1, current: false },
      { type: 'page', page: 2, current: true },
      { type: 'page', page: 3, current: false },
    ]);
  });

  it('keeps first, last and neighbours with gaps when many', () => {
    const items = numberedPager(6, 12).map((item) => (item.type === 'gap' ? '…' : item.page));
    expect(items).toEqual([1, '…', 5, 6, 7, '…', 12]);
    const first = numberedPager(1, 12).map((item) => (item.type === 'gap' ? '…' : item.page));
    expect(first).toEqual([1, 2, '…', 12]);
  });
});

describe('simplePager (orders)', () => {
  it('shows Page X of Y only with more than one page', () => {
    expect(simplePager(1, 1).visible).toBe(false);
    expect(simplePager(2, 3)).toEqual({
      visible: true,
      current: 2,
      totalPages: 3,
      prevDisabled: false,
      nextDisabled: false,
    });
    expect(simplePager(3, 3).nextDisabled).toBe(true);
  });
});
