import { describe, expect, it } from 'vitest';
import { authPathReturningTo, returnPath } from './return-to';

describe('return after signing in or up', () => {
  it('keeps a path of this site and refuses anything else', () => {
    const read = (next: string) => returnPath(new URLSearchParams({ next }));
    expect(read('/cart')).toBe('/cart');
    expect(read('/products?category=office')).toBe('/products?category=office');
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'cart',
      '/login',
      '/signup?next=/cart',
    ]) {
      expect(read(bad), bad).toBeNull();
    }
    expect(returnPath(new URLSearchParams())).toBeNull();
  });

  it('builds the auth page address carrying the way back', () => {
    expect(authPathReturningTo('/signup', '/cart')).toBe('/signup?next=%2Fcart');
    expect(authPathReturningTo('/login', '/')).toBe('/login');
    expect(authPathReturningTo('/login', null)).toBe('/login');
  });
});
