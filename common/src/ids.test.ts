import { describe, expect, it } from 'vitest';
import { ID_PATTERN, newId, orderNumber, parseOrderNumber, shortId, sku } from './ids.js';
import { imageUrl, thumbnailUrl } from './images.js';

describe('ids', () => {
  it('are random 24-hex strings whose SKU and short forms differ between records', () => {
    const ids = Array.from({ length: 500 }, newId);
    expect(ids.every((id) => ID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids.map(sku)).size).toBe(500);
    expect(new Set(ids.map(shortId)).size).toBeGreaterThan(495);
  });

  it('display as the SKU (first 8, upper case) and the short id (last 6)', () => {
    const id = '0a1b2c3d4e5f60718293a4b5';
    expect(sku(id)).toBe('0A1B2C3D');
    expect(shortId(id)).toBe('93a4b5');
  });

  it('have one order number form, which staff may type with or without #', () => {
    const id = '0a1b2c3d4e5f60718293a4b5';
    expect(orderNumber(id)).toBe('#93A4B5');
    for (const typed of ['#93A4B5', '93a4b5', ' #93a4B5 ', '# 93A4B5']) {
      expect(parseOrderNumber(typed)).toBe('93a4b5');
    }
    for (const typed of ['', '#', '93A4B', '93A4B5F', 'ZZZZZZ', '+998901234567']) {
      expect(parseOrderNumber(typed)).toBeNull();
    }
  });
});

describe('image paths', () => {
  it.each([
    ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['/uploads/products/a.webp', '/uploads/products/a.webp'],
    ['uploads/products/a.webp', '/uploads/products/a.webp'],
    ['server/uploads/other/a.png', '/uploads/other/a.png'],
    ['a.webp', '/uploads/products/a.webp'],
  ])('%s → %s', (path, url) => {
    expect(imageUrl(path)).toBe(url);
  });

  it('has no url for a missing path', () => {
    expect(imageUrl('')).toBeNull();
    expect(imageUrl(undefined)).toBeNull();
  });

  it('names the WebP thumbnail of our uploads only', () => {
    expect(thumbnailUrl('/uploads/products/abc.jpg')).toBe('/uploads/products/thumbs/abc.webp');
    expect(thumbnailUrl('abc.png')).toBe('/uploads/products/thumbs/abc.webp');
    expect(thumbnailUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
  });
});
