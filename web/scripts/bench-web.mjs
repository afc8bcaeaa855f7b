// npm run bench:web — the storefront's first-load JavaScript (gzip) and Lighthouse's mobile
// figures (performance, accessibility, SEO) for /, /products and /product/{id} on the demo data,
// against the real server (pages rendered on the server) on a fresh data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'web/dist/client');
const port = Number(process.env.BENCH_WEB_PORT ?? 3290);
const origin = `http://127.0.0.1:${port}`;

/**
 * The scripts a server-rendered page loads before it is interactive: its module script, and the
 * app and page modules that script asks for once the page has painted (the page state lists them).
 */
async function initialJavaScript(url) {
  const html = await (await fetch(url)).text();
  const entry = [...html.matchAll(/<script type="module" src="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1],
  );
  const stateText = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1];
  const modules = stateText ? JSON.parse(stateText).assets.modules.map((href) => href.slice(1)) : [];
  const files = [...new Set([...entry, ...modules])];
  const sizes = files.map((file) => ({
    file,
    gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
  return { files: sizes, total: sizes.reduce((sum, { gzip }) => sum + gzip, 0) };
}

/** A Lighthouse figure, or "n/a" when the run could not measure it (e.g. no LCP seen). */
const shown = (value, digits = 0) => (typeof value === 'number' ? value.toFixed(digits) : 'n/a');

async function startServer(dataDir) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 480; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

async function audit(chrome, url) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
  });
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const productImages = requests.filter((item) => item.url.includes('/uploads/products/'));
  return {
    url: url.replace(origin, ''),
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
    // Findings that cost points outside performance, so a score below 100 says why.
    failed: Object.values(lhr.categories)
      .filter((category) => category.id !== 'performance')
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    productImages: productImages.length,
    thumbnails: productImages.filter((item) => item.url.includes('/uploads/products/thumbs/')).length,
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-web-'));
const server = await startServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const listing = await (await fetch(`${origin}/api/products?limit=1`)).json();
  const pages = ['/', '/products', `/product/${listing.docs[0]._id}`];
  console.log('\n## Storefront first load (JavaScript of each page, gzip -9)\n');
  console.log('| page | files | gzip KB |\n|---|---|---|');
  for (const page of pages) {
    const js = await initialJavaScript(`${origin}${page}`);
    console.log(`| ${page} | ${js.files.length} | ${(js.total / 1024).toFixed(1)} |`);
  }
  const results = [];
  for (const page of pages) results.push(await audit(chrome, `${origin}${page}`));
  console.log('\n## Lighthouse 12, mobile profile (simulated throttling)\n');
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}\n`,
  );
  console.log(
    '| page | performance | accessibility | SEO | best practices | FCP ms | LCP ms | TBT ms | CLS | product images (thumbnails) | failed audits |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.url} | ${r.performance} | ${r.accessibility} | ${r.seo} | ${r.bestPractices} | ${shown(r.fcp)} | ${shown(r.lcp)} | ${shown(r.tbt)} | ${shown(r.cls, 3)} | ${r.productImages} (${r.thumbnails}) | ${r.failed.join(', ') || '—'} |`,
    );
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
