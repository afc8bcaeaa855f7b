import { readFileSync } from 'node:fs';
import type { APIRequestContext, APIResponse, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The SMS codes the shop under test "sent": its server runs with SMS_PROVIDER=log, which writes
 * each message to the log that playwright.config.ts keeps beside the suite's data folder.
 */
function logFile(testInfo: TestInfo): string {
  const port = new URL(String(testInfo.project.use.baseURL)).port;
  return `test-results/e2e-data-${testInfo.project.name}-${port}.log`;
}

/** The codes sent to `phone` so far, oldest first. */
export function codesSentTo(testInfo: TestInfo, phone: string): string[] {
  let text = '';
  try {
    text = readFileSync(logFile(testInfo), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.includes('"sms"'))
    .map((line) => JSON.parse(line) as { sms: { to: string; text: string } })
    .filter((entry) => entry.sms.to === phone)
    .map((entry) => entry.sms.text.match(/\b\d{6}\b/)![0]);
}

/** Waits for the code sent after the `before`-th one (the outbox sends within a second or two). */
export async function nextCode(testInfo: TestInfo, phone: string, before: number): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(() => (codes = codesSentTo(testInfo, phone)).length, { timeout: 15_000 })
    .toBeGreaterThan(before);
  return codes.at(-1)!;
}

/** Fills the code field with the next code sent to `phone`. */
export async function enterCode(page: Page, testInfo: TestInfo, phone: string, before = 0): Promise<void> {
  const field = page.getByLabel(/Code from the SMS|SMSdagi kod|Код из SMS/);
  await expect(field).toBeVisible();
  await field.fill(await nextCode(testInfo, phone, before));
}

/** On /portfolio with the phone in its field: asks for the code, types it, and opens the orders. */
export async function openOrdersWithCode(page: Page, testInfo: TestInfo, phone: string): Promise<void> {
  const before = codesSentTo(testInfo, phone).length;
  await page.getByRole('button', { name: /Find my orders|Найти заказы|Buyurtmalarni topish/ }).click();
  await enterCode(page, testInfo, phone, before);
  await page
    .getByRole('button', { name: /Show my orders|Показать мои заказы|Buyurtmalarimni koʻrsatish/ })
    .click();
}

/** Signs up through the API as a shopper would: a code asked for, read from the log, sent back. */
export async function apiSignUp(
  request: APIRequestContext,
  testInfo: TestInfo,
  account: { fullName: string; phoneNumber: string; password: string },
): Promise<APIResponse> {
  const before = codesSentTo(testInfo, account.phoneNumber).length;
  const asked = await request.post('/api/auth/codes', {
    data: { phoneNumber: account.phoneNumber, purpose: 'signup' },
  });
  expect(asked.status()).toBe(202);
  const code = await nextCode(testInfo, account.phoneNumber, before);
  return request.post('/api/auth/signUp', { data: { ...account, code } });
}
