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

export const test = base.extend<{ storefrontLanguage: 'uz' | 'en' | 'ru' | null }>({
  /** The stored language each test starts with; null leaves detection to the browser's language. */
  storefrontLanguage: ['en', { option: true }],
  page: async ({ page, storefrontLanguage }, use) => {
    // Each test starts in a known language; the language key is the app's own (decisions.md).
    if (storefrontLanguage)
      await page.addInitScript((language) => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', language);
      }, storefrontLanguage);
    await use(page);
  },
});

export { expect };
