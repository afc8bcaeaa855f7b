import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const ADMIN = { phone: '+998900000001', password: 'admin12345' } as const;

/** Logs in through the API and returns the bearer token. */
export async function apiLogin(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { phoneNumber: phone, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Logs in through the login form and waits until the app has left /login. */
export async function loginAs(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login');
  const phoneInput = page.locator('input[type="tel"]');
  await phoneInput.fill(phone);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Runs axe-core on the current page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, exclude: string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of ['.Toastify', ...exclude]) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, 'serious or critical accessibility violations').toEqual([]);
}

/** Unique Uzbek-looking mobile numbers per test run, so tests never share orders or accounts. */
export function uniquePhone(): string {
  const tail = String(Date.now() % 10_000_000).padStart(7, '0');
  const prefix = ['90', '91', '93', '94', '97', '99'][Math.floor(Math.random() * 6)]!;
  return `+998${prefix}${tail}`;
}

/** The browser app sets this on <html> once it has hydrated the server's page. */
export const HYDRATED = 'html[data-hydrated]';

/**
 * Pages come rendered from the server and work once hydrated: a click before that is lost. goto
 * and reload wait for hydration (a page that is not the app, e.g. a JSON 404, is left as it is).
 */
export function waitForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async <T>(response: T) => {
    const isHtml = await page
      .evaluate(() => document.contentType === 'text/html' && !!document.getElementById('root'))
      .catch(() => false);
    if (isHtml) await page.waitForSelector(HYDRATED, { state: 'attached' });
    return response;
  };
  page.goto = async (...args) => hydrated(await goto(...args));
  page.reload = async (...args) => hydrated(await reload(...args));
  return page;
}

export const test = base.extend<{ storefrontLanguage: 'uz' | 'en' | 'ru' | null }>({
  /** The stored language each test starts with; null leaves detection to the browser's language. */
  storefrontLanguage: ['en', { option: true }],
  page: async ({ page, storefrontLanguage, baseURL }, use) => {
    // Each test starts in a known language; the language key is the app's own (docs/decisions/006), and
    // its cookie tells the server which language to render (decision 010).
    if (storefrontLanguage) {
      await page.addInitScript((language) => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', language);
      }, storefrontLanguage);
      await page.context().addCookies([{ name: 'language', value: storefrontLanguage, url: baseURL! }]);
    }
    waitForHydration(page);
    await use(page);
  },
});

export { expect };

/** The order number every screen shows (decision 016): `#` and the id's last 6 characters, upper case. */
export const orderNumber = (id: string): string => `#${id.slice(-6).toUpperCase()}`;
