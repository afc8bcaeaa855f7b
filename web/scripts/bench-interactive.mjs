// Part of npm run bench:web: how long after its first content a page answers taps (the app's
// `performance.mark('hydrated')` against the first contentful paint), on a desktop and on a
// cheap phone, and the picture bytes a phone-sized product page moves.
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

async function throttle(page, profile) {
  if (!profile) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.download,
    uploadThroughput: profile.upload,
  });
}

/** One cold visit (fresh context, empty cache): first contentful paint and hydration, in ms. */
async function visit(browser, url, profile) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await throttle(page, profile);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
    // The page's parts (not the frame) finish hydrating just after: wait for that mark too.
    await page.waitForFunction(() => performance.getEntriesByName('page-hydrated').length > 0, null, {
      timeout: 60_000,
    });
    return await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      hydrated: performance.getEntriesByName('hydrated')[0]?.startTime ?? null,
      settled: performance.getEntriesByName('page-hydrated')[0]?.startTime ?? null,
    }));
  } finally {
    await context.close();
  }
}

/** Median over `runs` cold visits of each page, on each profile. */
export async function interactiveFigures(origin, pages, runs = 3) {
  const browser = await chromium.launch(LAUNCH);
  const rows = [];
  try {
    for (const [profileName, profile] of [
      ['desktop', null],
      ['slow phone', SLOW_PHONE],
    ]) {
      for (const page of pages) {
        const visits = [];
        for (let run = 0; run < runs; run += 1)
          visits.push(await visit(browser, `${origin}${page}`, profile));
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
  } finally {
    await browser.close();
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
