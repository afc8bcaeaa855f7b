import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shop/common';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Language on load (spec §4): the stored choice, then the browser's languages (`ru-RU` → `ru`),
 * then Uzbek.
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
