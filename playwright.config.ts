import { defineConfig, devices } from '@playwright/test';
import { PAYME_DESK, SHOP_PORT as PAYMENTS_PORT, STAND_IN_URL } from './e2e/payments/payme-stand-in';
import { BOT_API_PORT, BOT_TOKEN, TELEGRAM_SHOP_PORT, WEBHOOK_SECRET } from './e2e/telegram/telegram-config';
import { INSTALMENTS_PORT, UZUM_STAND_IN } from './e2e/instalments/uzum-stand-in';

// Each suite gets its own server on a fresh database, so one suite's products and orders never
// change what another expects. E2E_PORT moves both (two people can run at once on one machine).
const BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
const origin = (port: number) => `http://127.0.0.1:${port}`;
// The payments suite's shop has Payme on, its checkout page a stand-in the test serves itself
// (on BASE_PORT + 3); the other suites keep the cash-only checkout.
const SUITES: { name: string; port: number; env?: Record<string, string> }[] = [
  { name: 'storefront', port: BASE_PORT },
  { name: 'admin', port: BASE_PORT + 1 },
  {
    name: 'payments',
    port: PAYMENTS_PORT,
    env: {
      PAYME_MERCHANT_ID: PAYME_DESK.merchantId,
      PAYME_SECRET_KEY: PAYME_DESK.key,
      PAYME_CHECKOUT_URL: STAND_IN_URL,
      PUBLIC_URL: origin(PAYMENTS_PORT),
    },
  },
  // Instalments on, Uzum Nasiya's API a stand-in the journey serves itself (on BASE_PORT + 5).
  {
    name: 'instalments',
    port: INSTALMENTS_PORT,
    env: { UZUM_NASIYA_TOKEN: UZUM_STAND_IN.token, UZUM_NASIYA_API_ROOT: UZUM_STAND_IN.url },
  },
  // The customer bot on, its Bot API a stand-in the journey serves itself (on BASE_PORT + 7).
  {
    name: 'telegram',
    port: TELEGRAM_SHOP_PORT,
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TELEGRAM_API_ROOT: origin(BOT_API_PORT),
      PUBLIC_URL: origin(TELEGRAM_SHOP_PORT),
    },
  },
];

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
  outputDir: `test-results/playwright-${BASE_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // .ci/run sums the JSON report with the unit suites' into its closing line.
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: SUITES.map(({ name, port }) => ({
    name,
    testDir: `e2e/${name}`,
    use: {
      ...devices['Desktop Chrome'],
      viewport: { width: 1280, height: 800 },
      baseURL: origin(port),
      launchOptions: chromium,
    },
  })),
  webServer: SUITES.map(({ name, port, env }) => {
    const dataDir = `test-results/e2e-data-${name}-${port}`;
    return {
      // A fresh database each run: the server seeds the 14 demo products and the first admin. Its
      // log is kept: SMS_PROVIDER=log writes the codes there, and journeys read them (e2e/sms.ts).
      command: `rm -rf ${dataDir} ${dataDir}.log && mkdir -p test-results && node --import tsx server/src/main.ts > ${dataDir}.log`,
      url: `${origin(port)}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PHONE: '+998900000001',
        ADMIN_PASSWORD: 'admin12345',
        LOG_LEVEL: 'warn',
        // Every journey's browser is one address (127.0.0.1) and a suite places dozens of orders,
        // some with one test phone: the order limits are API-tested (order-limits.test.ts).
        ORDER_LIMITS: 'off',
        // The seller's requisites: bank transfer is offered only with all of them (the school's journey).
        SHOP_LEGAL_NAME: 'Mebel Shop MChJ',
        SHOP_TIN: '301234567',
        SHOP_BANK_ACCOUNT: '20208000900123456001',
        SHOP_MFO: '00873',
        SHOP_BANK: 'Kapitalbank ATB',
        SHOP_ADDRESS: 'Toshkent, Amir Temur 1',
        ...env,
      },
    };
  }),
});
