import { z } from 'zod';
import { parseInstalmentTerms, type InstalmentTerms } from '@shop/common';
import { httpUrl, optionalText } from './env.js';

export interface UzumNasiyaConfig {
  /** The partner token Uzum Nasiya's manager issues; sent only as `Authorization: Bearer`. */
  token: string;
  apiRoot: string;
  /** The advertised terms (`INSTALMENT_PLANS`); the buyer's own come from Uzum at checkout. */
  terms: InstalmentTerms[];
  /** Every call to Uzum gives up after this long: checkout never waits on a silent provider. */
  timeoutMs: number;
  /** Uzum's category number for the shop's goods (Uzum assigns it at onboarding). */
  category: number;
}

export const UZUM_NASIYA_TIMEOUT_MS = 8_000;

export const instalmentEnvSchema = z.object({
  UZUM_NASIYA_TOKEN: optionalText,
  UZUM_NASIYA_API_ROOT: httpUrl.default('https://merchants-api.uzumnasiya.uz'),
  INSTALMENT_PLANS: z
    .string()
    .trim()
    .default('6:26,12:44')
    .transform((value, ctx) => {
      try {
        return parseInstalmentTerms(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  UZUM_NASIYA_CATEGORY: z.coerce.number().int('must be a whole number').min(1).default(1),
});

/** Instalments are on when the token is set; without it the storefront shows no monthly price. */
export function instalmentConfigFrom(
  vars: z.output<typeof instalmentEnvSchema>,
): UzumNasiyaConfig | undefined {
  if (!vars.UZUM_NASIYA_TOKEN) return undefined;
  return {
    token: vars.UZUM_NASIYA_TOKEN,
    apiRoot: vars.UZUM_NASIYA_API_ROOT,
    terms: vars.INSTALMENT_PLANS,
    timeoutMs: UZUM_NASIYA_TIMEOUT_MS,
    category: vars.UZUM_NASIYA_CATEGORY,
  };
}
