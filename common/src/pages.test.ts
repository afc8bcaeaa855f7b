import { describe, expect, it } from 'vitest';
import { acceptedLanguages, canonicalPageUrl, detectLanguage, jsonForScript } from './index.js';

describe('detectLanguage', () => {
  it('takes the first supported explicit choice, then the browser, then Uzbek', () => {
    expect(detectLanguage(['ru', 'en'], ['uz'])).toBe('ru');
    expect(detectLanguage(['de', null, 'en'], ['ru'])).toBe('en');
    expect(detectLanguage([undefined], ['fr-FR', 'ru-RU'])).toBe('ru');
    expect(detectLanguage(['xx'], ['fr'])).toBe('uz');
  });
});

describe('acceptedLanguages', () => {
  it('orders by weight and drops q=0', () => {
    expect(acceptedLanguages('en;q=0.5, ru-RU, uz;q=0')).toEqual(['ru-RU', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('jsonForScript', () => {
  it('can never close its script tag and stays the same JSON', () => {
    const hostile = { name: '</script><!-- "x" \u2028\u2029 & \u200f]]>' };
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/<|>|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe('canonicalPageUrl', () => {
  const canonical = (path: string, query: string) => canonicalPageUrl(path, new URLSearchParams(query));

  it("keeps a page's own parameters in a fixed order and drops every other", () => {
    expect(canonical('/products', 'utm_source=x&sort=price_asc&category=office&_=1')).toBe(
      '/products?category=office&sort=price_asc',
    );
    expect(canonical('/products', 'category=office&sort=price_asc')).toBe(
      canonical('/products', 'sort=price_asc&category=office'),
    );
    expect(canonical('/product/abc', 'fbclid=1')).toBe('/product/abc');
    expect(canonical('/login', 'next=%2Fcart&x=1')).toBe('/login?next=%2Fcart');
    expect(canonical('/order-confirmation', 'order=abc&ref=mail')).toBe('/order-confirmation?order=abc');
    expect(canonical('/', 'lang=ru&gclid=9')).toBe('/?lang=ru');
  });

  it("keeps a product page's variant and the listing's option filters", () => {
    expect(canonical('/product/abc', 'utm_source=x&variant=DESK-140&lang=ru')).toBe(
      '/product/abc?lang=ru&variant=DESK-140',
    );
    expect(canonical('/products', 'opt.size=120&x=1&category=office')).toBe(
      '/products?category=office&opt.size=120',
    );
    expect(canonical('/cart', 'variant=DESK-140&opt.size=120')).toBe('/cart');
  });
});
