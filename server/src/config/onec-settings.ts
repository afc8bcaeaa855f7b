import { z } from 'zod';
import { CATEGORIES, type Category } from '@shop/common';
import { ConfigError, optionalText } from './env.js';

/** The 1C:Enterprise exchange (CommerceML 2); off while ONEC_USER is unset. */
export interface OnecSettings {
  user: string;
  password: string;
  /** Bytes 1C may send in one `mode=file` call (`file_limit` of `mode=init`). */
  fileLimit: number;
  /** Bytes the exchange folder may hold at once, pictures included. */
  folderLimit: number;
  /** Group name (or Ид) → category, checked before the keywords; lower case. */
  categoryRules: ReadonlyMap<string, Category>;
  /** A new product whose groups match no rule and no keyword. */
  defaultCategory: Category;
  /** The price type (its Ид or name) whose `ЦенаЗаЕдиницу` is the shop's price; the first one when unset. */
  priceType: string | undefined;
}

const MB = 1024 * 1024;

export const onecEnvSchema = z.object({
  ONEC_USER: optionalText,
  ONEC_PASSWORD: optionalText,
  ONEC_FILE_LIMIT_MB: z.coerce.number().int('must be a whole number').min(1).max(1024).default(50),
  ONEC_FOLDER_LIMIT_MB: z.coerce.number().int('must be a whole number').min(1).max(100_000).default(2048),
  // `Школьная мебель=school; Офис=office`: a group's name or Ид, then the shop's category.
  ONEC_CATEGORIES: optionalText,
  ONEC_DEFAULT_CATEGORY: z.enum(CATEGORIES).default('office'),
  ONEC_PRICE_TYPE: optionalText,
});

function categoryRulesOf(text: string | undefined): Map<string, Category> {
  const rules = new Map<string, Category>();
  for (const rule of (text ?? '').split(';')) {
    if (!rule.trim()) continue;
    const at = rule.lastIndexOf('=');
    const group = rule.slice(0, at).trim().toLowerCase();
    const category = rule.slice(at + 1).trim() as Category;
    if (at < 1 || !group || !CATEGORIES.includes(category)) {
      throw new ConfigError(
        'ONEC_CATEGORIES',
        `"${rule.trim()}" must be "group name=category", the category one of ${CATEGORIES.join(', ')}`,
      );
    }
    rules.set(group, category);
  }
  return rules;
}

export function onecSettingsFrom(vars: z.infer<typeof onecEnvSchema>): OnecSettings | undefined {
  if (!vars.ONEC_USER && !vars.ONEC_PASSWORD) return undefined;
  if (!vars.ONEC_USER || !vars.ONEC_PASSWORD) {
    throw new ConfigError(
      vars.ONEC_USER ? 'ONEC_PASSWORD' : 'ONEC_USER',
      'set ONEC_USER and ONEC_PASSWORD together',
    );
  }
  if (vars.ONEC_PASSWORD.length < 12)
    throw new ConfigError('ONEC_PASSWORD', 'must be at least 12 characters');
  if (vars.ONEC_USER.includes(':')) throw new ConfigError('ONEC_USER', 'must not contain ":"');
  return {
    user: vars.ONEC_USER,
    password: vars.ONEC_PASSWORD,
    fileLimit: vars.ONEC_FILE_LIMIT_MB * MB,
    folderLimit: vars.ONEC_FOLDER_LIMIT_MB * MB,
    categoryRules: categoryRulesOf(vars.ONEC_CATEGORIES),
    defaultCategory: vars.ONEC_DEFAULT_CATEGORY,
    priceType: vars.ONEC_PRICE_TYPE,
  };
}
