import { describe, expect, it } from 'vitest';
import { PAGE_QUERY_PARAMS } from '@shop/common';
import {
  DEFAULT_LISTING,
  parseListingParams,
  sameFilters,
  sortChoice,
  toApiQuery,
  toSearchParams,
} from './listing-params';

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe('listing URL params', () => {
  it('reads every known param', () => {
    expect(parse('category=office&filter=discount&search=desk&page=3&status=all&sort=price_asc')).toEqual({
      category: 'office',
      filter: 'discount',
      search: 'desk',
      page: 3,
      status: 'all',
      sort: 'price_asc',
      options: {},
    });
  });
  it('uses the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_LISTING);
  });
  it('treats an unknown category as all and ignores bad values', () => {
    expect(parse('category=garden&filter=cheap&page=-2&status=gone&sort=random')).toEqual(DEFAULT_LISTING);
    expect(parse('page=abc').page).toBe(1);
  });
  it('writes only non-default values', () => {
    expect(toSearchParams(DEFAULT_LISTING).toString()).toBe('');
    expect(
      toSearchParams({ ...DEFAULT_LISTING, category: 'loft', page: 2, search: '  chair ' }).toString(),
    ).toBe('category=loft&search=chair&page=2');
  });
  it('round-trips a shared link to the same view', () => {
    const query = 'category=kinder&filter=new&search=stol&sort=price_desc&page=4';
    expect(toSearchParams(parse(query)).toString()).toBe(query);
  });
  it('sends category all, the page size and the sort to the server', () => {
    expect(toApiQuery(DEFAULT_LISTING)).toEqual({
      page: 1,
      limit: 9,
      status: 'active',
      sort: 'newest',
      category: 'all',
    });
    expect(toApiQuery({ ...DEFAULT_LISTING, filter: 'discount', search: ' x ' })).toMatchObject({
      filter: 'discount',
      search: 'x',
    });
  });
  it('compares filters without the page', () => {
    expect(sameFilters(DEFAULT_LISTING, { ...DEFAULT_LISTING, page: 5 })).toBe(true);
    expect(sameFilters(DEFAULT_LISTING, { ...DEFAULT_LISTING, sort: 'price_asc' })).toBe(false);
  });
});

describe('the sort choice shown', () => {
  it('reads relevance for the default order while a search is on', () => {
    expect(sortChoice('newest', 'stul')).toBe('relevance');
    expect(sortChoice('newest', '  ')).toBe('newest');
    expect(sortChoice('newest', '')).toBe('newest');
  });
  it('keeps an explicit price order while searching', () => {
    expect(sortChoice('price_asc', 'stul')).toBe('price_asc');
    expect(sortChoice('price_desc', '')).toBe('price_desc');
  });
});

describe('the listing URL and the server page cache', () => {
  it('writes only the parameters the server keys a kept /products page on (PAGE_QUERY_PARAMS)', () => {
    const every = toSearchParams({
      category: 'office',
      filter: 'discount',
      search: 'stol',
      page: 3,
      status: 'all',
      sort: 'price_asc',
      options: {},
    });
    expect([...every.keys()].sort()).toEqual([...PAGE_QUERY_PARAMS['/products']!].sort());
  });
});

describe('option filters', () => {
  it('reads opt.<code>=<value> (three at most, plain codes only) and sends them to the API', () => {
    const listing = parse('opt.size=120&opt.colour=oak&opt.BAD=x&opt.leg=a%20b&opt.a=1&opt.b=2');
    expect(listing.options).toEqual({ size: '120', colour: 'oak', a: '1' });
    expect(toApiQuery(listing)).toMatchObject({ 'opt.size': '120', 'opt.colour': 'oak', 'opt.a': '1' });
    expect(toSearchParams({ ...listing, page: 2 }).toString()).toBe(
      'opt.size=120&opt.colour=oak&opt.a=1&page=2',
    );
    expect(sameFilters(listing, { ...listing, options: { size: '140' } })).toBe(false);
  });
});
