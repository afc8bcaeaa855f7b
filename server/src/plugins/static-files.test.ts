import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientManifest } from '@shop/common';
import { WEB_DIST_DIR } from '../test/global-setup.js';
import { buildTestShop, type TestShop } from '../test/test-app.js';

const manifest = JSON.parse(
  readFileSync(path.join(WEB_DIST_DIR, 'client', '.vite', 'manifest.json'), 'utf8'),
) as ClientManifest;
const entryFile = `/${manifest['src/entry-client.tsx']!.file}`;

describe("the web app's files", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await buildTestShop({ webDistDir: WEB_DIST_DIR });
  });
  afterAll(() => shop.close());

  it('serves the precompressed asset the browser accepts, cached for good', async () => {
    const br = await shop.app.inject({ url: entryFile, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await shop.app.inject({ url: entryFile, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await shop.app.inject({ url: entryFile, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(path.join(WEB_DIST_DIR, 'client', entryFile), 'utf8'));
  });
});
