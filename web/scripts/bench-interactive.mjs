// Part of npm run bench:web: how long after its first content a page answers taps (the app's
// `performance.mark('hydrated')` against the first contentful paint), on a desktop and on a
// cheap phone, and the picture bytes a phone-sized product page moves.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const LAUNCH = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // Without the background-networking flags Chromium keeps trying this closed network's refused
  // hosts while it measures (the machine's notes), as bench-web's Lighthouse run already avoids.
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
    '--disable-background-networking',
    '--disable-component-update',
  ],
};

/** 4× slower CPU, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency: how most shoppers here connect. */
export const SLOW_PHONE = {
  cpu: 4,
  latency: 150,
  download: (1.6 * 1024 * 1024) / 8,
  upload: (750 * 1024) / 8,
};

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * A browser driven through DevTools' protocol over a pipe, with nothing enabled but what a visit
 * needs (device metrics, CPU and network emulation). Playwright enables the `Runtime` domain on
 * every page it drives, and with it on V8 collects source positions for the app's chunk while the
 * module evaluates: measured at 4×, evaluation took 212–264 ms with `Runtime.enable` against
 * 76–120 ms without (decision 027, eleventh pass). A shopper's phone has no DevTools attached.
 */
function launchBare(profileDir) {
  const args = [...LAUNCH.args, `--user-data-dir=${profileDir}`, '--remote-debugging-pipe', 'about:blank'];
  const chrome = spawn(LAUNCH.executablePath, args, {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const pending = new Map();
  let nextId = 0;
  let buffered = '';
  chrome.stdio[4].on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    let end;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const waiter = pending.get(message.id);
      if (!waiter) continue;
      pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
    }
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject, method });
      chrome.stdio[3].write(`${JSON.stringify({ id: nextId, method, params, sessionId })}\0`);
    });
  const close = async () => {
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    await send('Browser.close').catch(() => chrome.kill('SIGKILL'));
    await exited;
  };
  return { send, close };
}

const FIGURES = `(() => {
  if (!performance.getEntriesByName('page-hydrated').length) return null;
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return { fcp: at('first-contentful-paint'), hydrated: at('hydrated'), settled: at('page-hydrated') };
})()`;

/**
 * How long a fresh browser is left to finish starting before it is sent to the page: its own
 * processes (network service, zygotes, the headless shell's WebUI renderer) take both cores for
 * about a second, which a shopper's running browser does not. Measured 2026-11-30 on Chromium
 * 156.0.8078.108: the desktop's first content at ~1 000 ms without the wait, ~500 ms with 2 s
 * (decision 027, seventeenth pass). BENCH_WEB_SETTLE_MS=0 measures as the passes before it did.
 */
const SETTLE_MS = Number(process.env.BENCH_WEB_SETTLE_MS ?? 2000);

/** One cold visit (a fresh browser and profile): first contentful paint and hydration, in ms. */
async function visit(url, profile) {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-visit-'));
  const browser = launchBare(profileDir);
  try {
    const { targetInfos } = await browser.send('Target.getTargets');
    const { targetId } = targetInfos.find((target) => target.type === 'page');
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params) => browser.send(method, params, sessionId);
    await send('Emulation.setDeviceMetricsOverride', {
      width: 1280,
      height: 800,
      deviceScaleFactor: 1,
      mobile: false,
    });
    if (profile) {
      await send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
      await send('Network.enable');
      await send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.latency,
        downloadThroughput: profile.download,
        uploadThroughput: profile.upload,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await send('Page.navigate', { url });
    // The page's parts (not the frame) finish hydrating just after the frame: wait for that mark.
    for (let waited = 0; waited < 60_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      // While the document is being replaced there is no context to evaluate in: ask again.
      const answer = await send('Runtime.evaluate', { expression: FIGURES, returnByValue: true }).catch(
        () => null,
      );
      if (answer?.result.value) return answer.result.value;
    }
    throw new Error(`${url} was not hydrated within a minute`);
  } finally {
    await browser.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** Median over `runs` cold visits of each page, on each profile. */
export async function interactiveFigures(origin, pages, runs = 3) {
  const rows = [];
  for (const [profileName, profile] of [
    ['desktop', null],
    ['slow phone', SLOW_PHONE],
  ]) {
    for (const page of pages) {
      const visits = [];
      for (let run = 0; run < runs; run += 1) visits.push(await visit(`${origin}${page}`, profile));
      rows.push({
        profile: profileName,
        page,
        fcp: median(visits.map((v) => v.fcp)),
        hydrated: median(visits.map((v) => v.hydrated)),
        gap: median(visits.map((v) => v.hydrated - v.fcp)),
        gaps: visits.map((v) => Math.round(v.hydrated - v.fcp)),
        settledGap: median(visits.map((v) => v.settled - v.fcp)),
      });
    }
  }
  return rows;
}

/** Bytes of every picture a product page loads at 390 px wide (device pixel ratio 1 and 2). */
export async function pictureBytes(url) {
  const browser = await chromium.launch(LAUNCH);
  const figures = [];
  try {
    for (const deviceScaleFactor of [1, 2]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor });
      const page = await context.newPage();
      const sizes = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'image') return;
        sizes.push(response.body().then((body) => ({ url: response.url(), bytes: body.length })));
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(1_000);
      const files = await Promise.all(sizes);
      figures.push({ deviceScaleFactor, files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
