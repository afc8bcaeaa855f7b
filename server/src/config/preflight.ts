/**
 * The checks a shop open to the public must pass before it starts: states in which it would fail
 * its customers without a word (codes nobody receives, return links to localhost, secrets sent in
 * clear). With NODE_ENV=production a problem stops the start; while trying the shop it is a warning.
 * Protections switched off are allowed but named at every start. `npm run doctor` prints the same list.
 */
import type { Config } from './config.js';

export type CheckLevel = 'problem' | 'protection-off';

export interface Finding {
  level: CheckLevel;
  /** The variable to change. */
  variable: string;
  /** What is wrong, and how to fix it, in one line. */
  message: string;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

export const isProduction = (env: Env) => value(env, 'NODE_ENV') === 'production';

/** localhost, 127.0.0.0/8 and ::1: a plain http:// address there never leaves the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** An http:// address to another machine; unreadable addresses are the schema's concern. */
function isPlainHttpAway(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' && !isLoopback(url.hostname);
  } catch {
    return false;
  }
}

/** The features that send shoppers or providers to the shop's address. */
function featuresNeedingPublicUrl(env: Env): string[] {
  const on: string[] = [];
  if (value(env, 'PAYME_MERCHANT_ID') && value(env, 'PAYME_SECRET_KEY')) on.push('Payme');
  if (clickOn(env)) on.push('Click');
  if (value(env, 'UZUM_NASIYA_TOKEN')) on.push('Uzum Nasiya');
  if (value(env, 'TELEGRAM_BOT_TOKEN')) on.push('the Telegram bot');
  return on;
}

const clickOn = (env: Env) =>
  Boolean(
    value(env, 'CLICK_SERVICE_ID') && value(env, 'CLICK_MERCHANT_ID') && value(env, 'CLICK_SECRET_KEY'),
  );

function secretChecks(env: Env): Finding[] {
  const secret = env.JWT_SECRET ?? '';
  if (secret.length >= 32) return [];
  return [
    {
      level: 'problem',
      variable: 'JWT_SECRET',
      message: `JWT_SECRET is ${secret ? 'shorter than 32 characters' : 'not set'}: set it to a random string of at least 32 characters (e.g. \`openssl rand -hex 32\`), the same in every process`,
    },
  ];
}

function smsChecks(env: Env): Finding[] {
  const provider = value(env, 'SMS_PROVIDER') ?? 'log';
  const verification = value(env, 'PHONE_VERIFICATION') ?? 'on';
  if (provider !== 'log' || verification === 'off') return [];
  return [
    {
      level: 'problem',
      variable: 'SMS_PROVIDER',
      message:
        'SMS_PROVIDER is log while phone verification is on: codes go to the server log and no shopper receives them; set SMS_PROVIDER=eskiz with ESKIZ_EMAIL and ESKIZ_PASSWORD',
    },
  ];
}

function publicUrlChecks(env: Env): Finding[] {
  const features = featuresNeedingPublicUrl(env);
  if (features.length === 0) return [];
  const publicUrl = value(env, 'PUBLIC_URL');
  const names = features.join(', ');
  if (!publicUrl) {
    return [
      {
        level: 'problem',
        variable: 'PUBLIC_URL',
        message: `PUBLIC_URL is not set while ${names} ${features.length === 1 ? 'is' : 'are'} on: shoppers would be sent back to localhost; set it to the shop's https:// address (e.g. PUBLIC_URL=https://mebel.uz)`,
      },
    ];
  }
  if (!isPlainHttpAway(publicUrl)) return [];
  return [
    {
      level: 'problem',
      variable: 'PUBLIC_URL',
      message: `PUBLIC_URL is http:// while ${names} ${features.length === 1 ? 'is' : 'are'} on: set it to the shop's https:// address`,
    },
  ];
}

/** Every `*_API_ROOT` and `*_CHECKOUT_URL`: passwords, tokens and shoppers go there. */
function providerAddressChecks(env: Env): Finding[] {
  return Object.keys(env)
    .filter((name) => /_(API_ROOT|CHECKOUT_URL)$/.test(name))
    .sort()
    .filter((name) => isPlainHttpAway(value(env, name) ?? ''))
    .map((name) => ({
      level: 'problem' as const,
      variable: name,
      message: `${name} is an http:// address on another machine: the provider's secrets would travel in clear; use its https:// address, or leave ${name} unset for the provider's own`,
    }));
}

function fiscalChecks(env: Env): Finding[] {
  if (!clickOn(env) || value(env, 'SHOP_TIN')) return [];
  return [
    {
      level: 'problem',
      variable: 'SHOP_TIN',
      message:
        "SHOP_TIN is not set while Click is on: Click's fiscal receipts need the shop's taxpayer number; set SHOP_TIN to the 9-digit INN",
    },
  ];
}

/** A protection switched off: allowed (a kiosk, a load test), never silent. */
const PROTECTIONS: { variable: string; off: (value: string) => boolean; message: string }[] = [
  {
    variable: 'ORDER_LIMITS',
    off: (v) => v === 'off',
    message:
      'ORDER_LIMITS=off: one address may place any number of orders; remove it to limit orders per address and per phone',
  },
  {
    variable: 'PHONE_VERIFICATION',
    off: (v) => v === 'off',
    message:
      'PHONE_VERIFICATION=off: sign-up takes any phone without a code; remove it to ask for an SMS code',
  },
  {
    variable: 'ORDER_LOOKUP',
    off: (v) => v === 'open',
    message:
      "ORDER_LOOKUP=open: anyone who knows a phone number sees that phone's orders; remove it to ask for an SMS code",
  },
  {
    variable: 'MAX_UNITS_PER_PRODUCT',
    off: (v) => Number(v) === 0,
    message:
      'MAX_UNITS_PER_PRODUCT=0: one order may take the whole stock of a product; remove it for the default of 20',
  },
  {
    variable: 'ORDER_HOLD_HOURS',
    off: (v) => Number(v) === 0,
    message:
      'ORDER_HOLD_HOURS=0: an unpaid order holds its stock for ever; remove it for the default of 48 hours',
  },
];

function protectionChecks(env: Env): Finding[] {
  return PROTECTIONS.filter(({ variable, off }) => {
    const set = value(env, variable);
    return set !== undefined && off(set);
  }).map(({ variable, message }) => ({ level: 'protection-off', variable, message }));
}

/** The seller's requisites an invoice prints: bank transfer is offered only with all of them. */
export const BANK_TRANSFER_REQUISITES = [
  'SHOP_LEGAL_NAME',
  'SHOP_TIN',
  'SHOP_BANK_ACCOUNT',
  'SHOP_MFO',
  'SHOP_BANK',
  'SHOP_ADDRESS',
] as const;

export function missingRequisites(env: Env): string[] {
  return BANK_TRANSFER_REQUISITES.filter((name) => !value(env, name));
}

/** The same rule on the loaded configuration: no invoice is ever printed with blank requisites. */
export function bankTransferOffered({
  invoice,
  shopContacts,
}: Pick<Config, 'invoice' | 'shopContacts'>): boolean {
  return [
    invoice.legalName,
    invoice.tin,
    invoice.bankAccount,
    invoice.mfo,
    invoice.bank,
    shopContacts.address,
  ].every(Boolean);
}

/** Every problem and every protection switched off, in the order the operator fixes them. */
export function preflight(env: Env): Finding[] {
  return [
    ...secretChecks(env),
    ...smsChecks(env),
    ...publicUrlChecks(env),
    ...providerAddressChecks(env),
    ...fiscalChecks(env),
    ...protectionChecks(env),
  ];
}

/** What the start does with the findings: refuse (production) or warn, one line each. */
export function startVerdict(env: Env): { refusals: string[]; warnings: string[] } {
  const findings = preflight(env);
  const refuse = isProduction(env);
  const refusals = refuse ? findings.filter((f) => f.level === 'problem').map((f) => f.message) : [];
  const warnings = findings.filter((f) => !refuse || f.level !== 'problem').map((f) => f.message);
  const missing = missingRequisites(env);
  if (missing.length > 0) {
    warnings.push(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: bank transfer is not offered until every one of ${BANK_TRANSFER_REQUISITES.join(', ')} is`,
    );
  }
  return { refusals, warnings };
}
