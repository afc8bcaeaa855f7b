import { describe, expect, it } from 'vitest';
import { pagerModel, type PageItem } from './pager-model';

const show = (items: PageItem[]) => items.map((item) => (item.type === 'page' ? item.page : '…')).join(' ');
const numbers = (page: number, totalPages: number) => show(pagerModel(page, totalPages).numbers);

describe('pagerModel: numbered pages (listing, reviews, staff users)', () => {
  it('is hidden with one page or none, whose numbers are the single page', () => {
    expect(pagerModel(1, 1).visible).toBe(false);
    expect(pagerModel(1, 0).visible).toBe(false);
    expect(numbers(1, 1)).toBe('1');
  });
  it('lists every page when there are few', () => {
    expect(numbers(1, 5)).toBe('1 2 3 4 5');
    expect(numbers(4, 7)).toBe('1 2 3 4 5 6 7');
    expect(pagerModel(2, 3).numbers).toEqual([
      { type: 'page', page: 1 },
      { type: 'page', page: 2 },
      { type: 'page', page: 3 },
    ]);
    expect(pagerModel(2, 3).current).toBe(2);
  });
  it('shows first, last, neighbours and both gaps in the middle', () => {
    expect(numbers(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(numbers(6, 12)).toBe('1 … 5 6 7 … 12');
  });
  it('has one gap near the start or the end', () => {
    expect(numbers(1, 20)).toBe('1 2 … 20');
    expect(numbers(20, 20)).toBe('1 … 19 20');
    expect(numbers(3, 20)).toBe('1 2 3 4 … 20');
    expect(numbers(1, 12)).toBe('1 2 … 12');
  });
  it('fills a gap of one page with the page instead', () => {
    expect(numbers(4, 9)).toBe('1 2 3 4 5 … 9');
  });
  it('clamps an out-of-range current page', () => {
    expect(numbers(99, 10)).toBe('1 … 9 10');
    expect(numbers(-3, 10)).toBe('1 2 … 10');
  });
  it('gives gaps unique keys', () => {
    const keys = pagerModel(10, 20)
      .numbers.filter((item) => item.type === 'gap')
      .map((item) => item.key);
    expect(new Set(keys).size).toBe(2);
  });
});

describe('pagerModel: a window of five pages (staff products)', () => {
  it('is hidden with a single page', () => {
    const model = pagerModel(1, 1);
    expect(model.visible).toBe(false);
    expect(model.window).toEqual([1]);
  });

  it('shows every page when there are at most 5', () => {
    expect(pagerModel(2, 3).window).toEqual([1, 2, 3]);
    expect(pagerModel(5, 5).window).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres up to 5 numbers on the current page', () => {
    expect(pagerModel(1, 20).window).toEqual([1, 2, 3, 4, 5]);
    expect(pagerModel(2, 20).window).toEqual([1, 2, 3, 4, 5]);
    expect(pagerModel(10, 20).window).toEqual([8, 9, 10, 11, 12]);
    expect(pagerModel(19, 20).window).toEqual([16, 17, 18, 19, 20]);
    expect(pagerModel(20, 20).window).toEqual([16, 17, 18, 19, 20]);
  });

  it('disables first/previous on the first page and next/last on the last', () => {
    const start = pagerModel(1, 8);
    expect(start.first.disabled).toBe(true);
    expect(start.prev.disabled).toBe(true);
    expect(start.next).toEqual({ page: 2, disabled: false });
    expect(start.last).toEqual({ page: 8, disabled: false });
    const end = pagerModel(8, 8);
    expect(end.next.disabled).toBe(true);
    expect(end.last.disabled).toBe(true);
    expect(end.prev).toEqual({ page: 7, disabled: false });
    expect(end.first).toEqual({ page: 1, disabled: false });
  });

  it('clamps a page beyond the range and treats zero pages as one', () => {
    expect(pagerModel(99, 3).current).toBe(3);
    expect(pagerModel(0, 3).current).toBe(1);
    expect(pagerModel(1, 0)).toMatchObject({ visible: false, totalPages: 1 });
  });
});

describe('pagerModel: steps only (staff orders, audit log)', () => {
  it('shows Page X of Y only with more than one page', () => {
    expect(pagerModel(1, 1).visible).toBe(false);
    expect(pagerModel(2, 3)).toMatchObject({
      visible: true,
      current: 2,
      totalPages: 3,
      prev: { disabled: false },
      next: { disabled: false },
    });
    expect(pagerModel(3, 3).next.disabled).toBe(true);
  });
});
