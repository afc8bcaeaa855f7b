import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants.js';

/** The cookie that mirrors localStorage `language`, so the server renders the shopper's language. */
export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `ru-RU;q=0.9, en` → ['ru-RU', 'en'], best first (weights as the header gives them). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = weight ? Number.parseFloat(weight.slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The page's language (decision 010): an explicit choice (`?lang=`, then the cookie or
 * localStorage), then the first supported browser language (`ru-RU` → `ru`), then Uzbek.
 * Unknown values are skipped, never an error.
 */
export function detectLanguage(
  choices: readonly (string | null | undefined)[],
  browserLanguages: readonly string[],
): Language {
  for (const choice of choices) if (isLanguage(choice)) return choice;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** `<meta property="og:locale">` of each language. */
export const OG_LOCALES: Record<Language, string> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_US' };

/**
 * The language a returning shopper's page switches to once it is interactive: localStorage keeps
 * the shopper's last choice, which the server cannot see; until the cookie mirrors it, the server
 * only guessed (Accept-Language). A `?lang=` in the address is a choice too, so it is kept.
 */
export function languageToRestore(page: {
  rendered: string | null | undefined;
  stored: string | null | undefined;
  cookie: string | null | undefined;
  query: string | null | undefined;
}): Language | null {
  if (isLanguage(page.cookie) || isLanguage(page.query)) return null;
  if (!isLanguage(page.stored) || page.stored === page.rendered) return null;
  return page.stored;
}
