import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { BANK_TRANSFER_REQUISITES, missingRequisites, preflight, type Finding } from '../config/preflight.js';

/** One line of the going-live checklist: `ok` false fails the doctor; `warning` is allowed but said. */
export interface CheckResult {
  ok: boolean;
  warning?: boolean;
  label: string;
  /** What is wrong and how to fix it (failed checks and warnings). */
  detail?: string;
}

export const PROBE_TIMEOUT_MS = 8_000;

type Env = Record<string, string | undefined>;

/** The checklist of docs/operations.md ("Going live"), in its order; the findings decide each line. */
const CHECKLIST: { label: string; covers: (finding: Finding) => boolean }[] = [
  { label: 'JWT_SECRET: a secret of at least 32 characters', covers: (f) => f.variable === 'JWT_SECRET' },
  { label: 'SMS codes reach shoppers (SMS_PROVIDER=eskiz)', covers: (f) => f.variable === 'SMS_PROVIDER' },
  {
    label: "PUBLIC_URL: the shop's https:// address for providers",
    covers: (f) => f.variable === 'PUBLIC_URL',
  },
  {
    label: 'Provider addresses (*_API_ROOT, *_CHECKOUT_URL) are https://',
    covers: (f) => /_(API_ROOT|CHECKOUT_URL)$/.test(f.variable),
  },
  { label: "Click receipts carry the shop's SHOP_TIN", covers: (f) => f.variable === 'SHOP_TIN' },
];

/** The configuration checks, judged as a production start judges them. */
export function configurationChecks(env: Env): CheckResult[] {
  const findings = preflight(env);
  const results: CheckResult[] = CHECKLIST.map(({ label, covers }) => {
    const found = findings.filter((f) => f.level === 'problem' && covers(f));
    return found.length === 0
      ? { ok: true, label }
      : { ok: false, label, detail: found.map((f) => f.message).join('; ') };
  });
  const missing = missingRequisites(env);
  results.push({
    ok: true,
    warning: missing.length > 0,
    label: 'Bank transfer: the requisites an invoice prints',
    detail:
      missing.length > 0
        ? `bank transfer is not offered until ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} set (all ${BANK_TRANSFER_REQUISITES.length} requisites are needed)`
        : undefined,
  });
  const seedDemo = env.SEED_DEMO?.trim() === 'on';
  results.push({
    ok: true,
    warning: seedDemo,
    label: 'No demo products in an empty database (SEED_DEMO)',
    detail: seedDemo
      ? 'SEED_DEMO=on loads the 14 demo products with example tax codes; remove it'
      : undefined,
  });
  for (const finding of findings.filter((f) => f.level === 'protection-off')) {
    results.push({
      ok: true,
      warning: true,
      label: `${finding.variable} protection`,
      detail: finding.message,
    });
  }
  return results;
}

async function probe(label: string, call: (signal: AbortSignal) => Promise<string | undefined>) {
  try {
    const problem = await call(AbortSignal.timeout(PROBE_TIMEOUT_MS));
    return problem ? { ok: false, label, detail: problem } : { ok: true, label };
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer in ${PROBE_TIMEOUT_MS / 1000} s`
        : (error as Error).message;
    return { ok: false, label, detail: `${reason}: check the address and the network` };
  }
}

/** Each configured provider, asked something that changes nothing: its answer proves the keys or the way. */
export async function providerChecks(config: Config): Promise<CheckResult[]> {
  const probes: Promise<CheckResult>[] = [];
  const { sms } = config.phoneCodes;
  if (sms.provider === 'eskiz') {
    probes.push(
      probe('Eskiz accepts ESKIZ_EMAIL and ESKIZ_PASSWORD', async (signal) => {
        const response = await fetch(`${sms.apiRoot}/auth/login`, {
          method: 'POST',
          body: new URLSearchParams({ email: sms.email, password: sms.password }),
          signal,
        });
        if (response.ok) return undefined;
        return `Eskiz answered ${response.status} to the login: check ESKIZ_EMAIL and ESKIZ_PASSWORD in the Eskiz cabinet`;
      }),
    );
  }
  const token = config.telegramShop.token ?? config.telegram?.token;
  if (token) {
    probes.push(
      probe("Telegram knows TELEGRAM_BOT_TOKEN's bot (getMe)", async (signal) => {
        const response = await fetch(`${config.telegramShop.apiRoot}/bot${token}/getMe`, {
          method: 'POST',
          signal,
        });
        const body = (await response.json().catch(() => null)) as { ok?: boolean } | null;
        if (response.ok && body?.ok) return undefined;
        return `Telegram answered ${response.status} to getMe: check TELEGRAM_BOT_TOKEN with BotFather`;
      }),
    );
  }
  const reachable = (name: string, variable: string, address: string) =>
    probe(`${name} answers at ${variable}`, async (signal) => {
      await fetch(address, { method: 'GET', signal });
      return undefined;
    });
  const uzum = config.payments.uzum_nasiya;
  if (uzum) probes.push(reachable('Uzum Nasiya', 'UZUM_NASIYA_API_ROOT', uzum.apiRoot));
  const click = config.payments.click;
  if (click) probes.push(reachable('Click', 'CLICK_API_ROOT', click.apiRoot));
  return Promise.all(probes);
}

/** Every check of the going-live checklist; the providers only when the configuration loads. */
export async function runDoctor(env: Env): Promise<CheckResult[]> {
  const results = configurationChecks(env);
  const label = 'Every variable is readable';
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [...results, { ok: false, label, detail: error.message }];
  }
  return [...results, { ok: true, label }, ...(await providerChecks(config))];
}

export function formatCheck({ ok, warning, label, detail }: CheckResult): string {
  const mark = !ok ? '✗' : warning ? '!' : '✓';
  return detail ? `${mark} ${label}: ${detail}` : `${mark} ${label}`;
}
