import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientManifest } from '@shop/common';
import { WEB_DIST_DIR } from '../../test/global-setup.js';
import { buildTestShop, type TestShop } from '../../test/test-app.js';
import { PAGE_PATHS } from './page-routes.js';

const manifest = JSON.parse(
  readFileSync(path.join(WEB_DIST_DIR, 'client', '.vite', 'manifest.json'), 'utf8'),
) as ClientManifest;
const entryFile = `/${manifest['src/entry-client.tsx']!.file}`;

describe('storefront pages as routes', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await buildTestShop({ webDistDir: WEB_DIST_DIR });
  });
  afterAll(() => shop.close());

  it('declares a GET and a HEAD route for every storefront page', () => {
    for (const url of PAGE_PATHS) {
      expect(shop.app.hasRoute({ method: 'GET', url }), url).toBe(true);
      expect(shop.app.hasRoute({ method: 'HEAD', url }), url).toBe(true);
    }
  });

  it('answers app routes with a server-rendered page, asked again each time with its ETag, compressed when accepted', async () => {
    for (const url of ['/', '/products?category=office', '/admin/orders']) {
      const response = await shop.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(/^<!DOCTYPE html><html lang="uz"/);
      expect(response.body, url).toContain(`src="${entryFile}"`);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag, url).toMatch(/^W\/"/);
    }
    const gzip = await shop.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD on an app route like GET, without the body', async () => {
    const response = await shop.app.inject({ method: 'HEAD', url: '/products' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('keeps API, upload and missing-file misses as JSON 404s, never the app page', async () => {
    for (const url of [
      '/api/nothing',
      '/uploads/products/missing.webp',
      '/assets/app-old999.js',
      '/favicon.ico',
      '/products/wp-login.php',
      '/.vite/manifest.json',
    ]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('sends the security headers on pages', async () => {
    const response = await shop.app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('without a web build', () => {
  it('says how to build it instead of a page', async () => {
    const shop = await buildTestShop();
    try {
      const response = await shop.app.inject({ url: '/' });
      expect(response.body).toContain('npm run build');
    } finally {
      await shop.close();
    }
  });
});
