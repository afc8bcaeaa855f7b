import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two people (or suites) run at once on one machine without sharing a server.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const DATA_DIR = PORT === 3199 ? 'test-results/e2e-data' : `test-results/e2e-data-${PORT}`;
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium (no Playwright browser download on this machine); flags from stack-notes. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: PORT === 3199 ? 'test-results/playwright' : `test-results/playwright-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // .ci/run sums the JSON report with the unit suites' into its closing line.
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
  ],
  webServer: {
    // A fresh database each run: the server seeds the 14 demo products and the first admin.
    command: `rm -rf ${DATA_DIR} && node --import tsx server/src/main.ts`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ADMIN_PHONE: '+998900000001',
      ADMIN_PASSWORD: 'admin12345',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
