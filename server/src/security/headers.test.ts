import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { WEB_DIST_DIR } from '../test/global-setup.js';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFigure } from '../test/reliability-figures.js';
import { makeImage } from '../test/images.js';
import { buildTestShop, createUser, type TestShop, type TestUser } from '../test/test-app.js';

let shop: TestShop;
let customer: TestUser;
/** A stand-in for web/dist: an index page for the SPA fallback and one fingerprinted asset. */
let webDistDir: string;
const STORED_IMAGE = '/uploads/products/0123456789abcdef0123456789abcdef.webp';

beforeAll(async () => {
  // A copy of the real web build (global setup makes it), with one asset of a known name.
  webDistDir = mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  cpSync(WEB_DIST_DIR, webDistDir, { recursive: true });
  writeFileSync(path.join(webDistDir, 'client', 'assets', 'index-3f2a1b.js'), 'document.title = "Mebel";');
  // One lookup a minute, so a 429 costs two requests.
  shop = await buildTestShop({
    webDistDir,
    rateLimits: { lookupsPerAddressPerMinute: 1 },
    // The headers of an answer are checked here; the lookup's code is checked in phone-codes.test.ts.
    phoneCodes: { orderLookupOpen: true },
  });
  customer = await createUser(shop, 'customer');
  const stored = path.join(shop.config.uploadsDir, STORED_IMAGE.slice('/uploads/'.length));
  mkdirSync(path.dirname(stored), { recursive: true });
  writeFileSync(stored, await makeImage('webp'));
});
afterAll(async () => {
  await shop.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

interface Request {
  name: string;
  status: number;
  request: InjectOptions;
}

const get = (name: string, url: string, status: number, headers: Record<string, string> = {}): Request => ({
  name,
  status,
  request: { method: 'GET', url, headers },
});

const login = (name: string, status: number, contentType: string, payload: string): Request => ({
  name,
  status,
  request: { method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload },
});

/** Every kind of answer the shop gives: pages, assets, API answers, errors, uploads, the API docs. */
const REQUESTS = (): Request[] => [
  get('home page', '/', 200),
  get('catalogue page', '/products', 200),
  get('back office page', '/admin', 200),
  get('deep SPA route', '/admin/orders/65f0c0ffee/edit?tab=lines', 200),
  get('web app asset', '/assets/index-3f2a1b.js', 200),
  get('product list', '/api/products', 200),
  get('health', '/api/health', 200),
  get('API 404', '/api/no-such-thing', 404),
  get('API 400', '/api/products?sort=cheapest-first', 400),
  get('API 401', '/api/orders', 401),
  get('API 403', '/api/users', 403, customer.headers),
  login('malformed JSON', 400, 'application/json', '{"phoneNumber":'),
  login('unsupported body type', 415, 'text/xml', '<login/>'),
  login('body over the limit', 413, 'application/json', JSON.stringify({ password: 'p'.repeat(1_100_000) })),
  get('order lookup', '/api/orders/customer/901234567', 200, {}),
  get('order lookup, rate limited', '/api/orders/customer/901234567', 429, {}),
  get('stored image', STORED_IMAGE, 200),
  get('missing image', '/uploads/products/ffffffffffffffffffffffffffffffff.webp', 404),
  get('API docs page', '/api/docs', 200),
  get('API docs script', '/api/docs/static/swagger-initializer.js', 200),
  get('API docs document', '/api/docs/json', 200),
];

/** The CSP header as directive → sources. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** What is wrong with a response's security headers; empty when nothing is. */
function headerProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const header = response.headers['content-security-policy'];
  if (typeof header !== 'string') return ['no Content-Security-Policy'];
  const csp = parseCsp(header);
  const expectOnly = (directive: string, sources: string[], actual = csp.get(directive)) => {
    if (actual?.join(' ') !== sources.join(' '))
      problems.push(`${directive} is ${actual?.join(' ') ?? 'missing'}`);
  };
  expectOnly('default-src', ["'self'"]);
  expectOnly('frame-ancestors', ["'none'"]);
  expectOnly('object-src', ["'none'"]);
  // Scripts only from the shop's own files (a nonce, if one ever came back, only for this answer):
  // no inline script, no eval, no other host.
  const scriptSources = csp.get('script-src') ?? csp.get('default-src') ?? [];
  const nonces = scriptSources.filter((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source));
  expectOnly(
    'script-src',
    ["'self'"],
    scriptSources.filter((source) => !nonces.includes(source)),
  );
  if (nonces.length > 1) problems.push('more than one script nonce');
  if (header.includes("'unsafe-eval'")) problems.push("'unsafe-eval' allowed");
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (response.headers['x-frame-options'] !== 'DENY') problems.push('frames not denied');
  if (
    !/^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/.test(
      String(response.headers['referrer-policy']),
    )
  )
    problems.push(`referrer policy ${response.headers['referrer-policy']}`);
  if (response.headers['x-powered-by'] !== undefined) problems.push('X-Powered-By sent');
  return problems;
}

describe('security headers', () => {
  it('sends CSP, nosniff, frame denial and a referrer policy on every page, API answer, error and upload', async () => {
    const requests = REQUESTS();
    const failures: string[] = [];
    for (const { name, status, request } of requests) {
      const response = await shop.app.inject({ ...request, remoteAddress: '10.8.0.1' });
      if (response.statusCode !== status)
        failures.push(`${name}: status ${response.statusCode}, expected ${status}`);
      for (const problem of headerProblems(response)) failures.push(`${name}: ${problem}`);
    }
    expect(failures).toEqual([]);
    recordFigure({
      test: 'security headers',
      figure: `${requests.length} responses checked (pages, API, uploads, errors), all with CSP, nosniff, frame denial`,
      ok: true,
    });
  });

  it('serves the API docs page with same-origin scripts and styles only, so the shop’s CSP fits it', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/\bsrc="(\.\/|\/api\/docs\/)static\//);
      expect(inline!.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/<style\b|\son[a-z]+=|https?:\/\//i);
  });
});
