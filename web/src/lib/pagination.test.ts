import { describe, expect, it } from 'vitest';
import { paginationModel, type PageItem } from './pagination';

const show = (items: PageItem[]) => items.map((item) => (item.type === 'page' ? item.page : '…')).join(' ');

describe('paginationModel', () => {
  it('is empty without pages and a single page for one', () => {
    expect(paginationModel(1, 0)).toEqual([]);
    expect(show(paginationModel(1, 1))).toBe('1');
  });
  it('lists every page when there are few', () => {
    expect(show(paginationModel(1, 5))).toBe('1 2 3 4 5');
    expect(show(paginationModel(4, 7))).toBe('1 2 3 4 5 6 7');
  });
  it('shows first, last, neighbours and both ellipses in the middle', () => {
    expect(show(paginationModel(10, 20))).toBe('1 … 9 10 11 … 20');
  });
  it('has one ellipsis near the start or the end', () => {
    expect(show(paginationModel(1, 20))).toBe('1 2 … 20');
    expect(show(paginationModel(20, 20))).toBe('1 … 19 20');
    expect(show(paginationModel(3, 20))).toBe('1 2 3 4 … 20');
  });
  it('fills a gap of one page with the page instead of an ellipsis', () => {
    expect(show(paginationModel(4, 9))).toBe('1 2 3 4 5 … 9');
  });
  it('clamps an out-of-range current page', () => {
    expect(show(paginationModel(99, 10))).toBe('1 … 9 10');
    expect(show(paginationModel(-3, 10))).toBe('1 2 … 10');
  });
  it('gives ellipses unique keys', () => {
    const keys = paginationModel(10, 20)
      .filter((item) => item.type === 'ellipsis')
      .map((item) => item.key);
    expect(new Set(keys).size).toBe(2);
  });
});
