import { describe, expect, it } from 'vitest';
import { ID_PATTERN, newId, shortId, shortOrderId, sku } from './ids.js';
import { imageUrl, thumbnailUrl } from './images.js';

describe('ids', () => {
  it('are random 24-hex strings whose SKU and short forms differ between records', () => {
    const ids = Array.from({ length: 500 }, newId);
    expect(ids.every((id) => ID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids.map(sku)).size).toBe(500);
    expect(new Set(ids.map(shortOrderId)).size).toBe(500);
    expect(new Set(ids.map(shortId)).size).toBeGreaterThan(495);
  });

  it('display as the spec says', () => {
    const id = '0a1b2c3d4e5f60718293a4b5';
    expect(sku(id)).toBe('0A1B2C3D');
    expect(shortOrderId(id)).toBe('8293a4b5');
    expect(shortId(id)).toBe('93a4b5');
  });
});

describe('image paths (spec §9)', () => {
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
