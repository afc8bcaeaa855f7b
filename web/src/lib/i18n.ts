import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  STORAGE_KEYS,
  detectLanguage,
  languageToRestore,
  type Language,
} from '@shop/common';
import { readStorage, writeStorage } from './storage';
import { createTranslator, type LazyBundles, type Texts } from './translator';
import type { Namespace } from './translate';

/**
 * Every language's texts are fetched when needed: a server-rendered page hands over its own
 * language's in its page state (`loadPageTexts`), so none is in the first load's JavaScript.
 */
const lazyBundles: LazyBundles = {
  uz: {
    common: () => import('../locales/uz/common.json'),
    storefront: () => import('../locales/uz/storefront.json'),
  },
  en: {
    common: () => import('../locales/en/common.json'),
    storefront: () => import('../locales/en/storefront.json'),
  },
  ru: {
    common: () => import('../locales/ru/common.json'),
    storefront: () => import('../locales/ru/storefront.json'),
  },
};

// Node 21+ has a `navigator` too (Node 24 says "en-US"): only a browser's languages count, and the
// server never loads a language bundle through this instance (it renders with server-i18n).
const browserLanguages =
  typeof window === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];

/**
 * A server-rendered page names its language in <html lang> (decision 010: ?lang=, cookie,
 * Accept-Language); the browser hydrates in that language. Without it: localStorage, browser, uz.
 */
const pageLanguage = typeof document === 'undefined' ? null : document.documentElement.dataset.language;

/** The browser's translator, which components use when no provider names another (web tests). */
const i18n = createTranslator({
  language: detectLanguage([pageLanguage, readStorage(STORAGE_KEYS.language)], browserLanguages),
  bundles: {},
  lazy: lazyBundles,
});

/** A page's language and its texts, as the server hands them over with the page. */
export interface PageTexts {
  language: Language;
  bundles: Partial<Record<Namespace, Texts>>;
}

/**
 * Makes the page's language texts ready before it renders: those the page carries, else (the vite
 * dev server, the web tests) fetched. Every namespace the page reads is there: check:locales keeps
 * the languages on the same keys, so no text falls back to Uzbek.
 */
export function loadPageTexts(texts?: PageTexts | null): Promise<void> {
  if (texts?.language !== i18n.language) return i18n.loadLanguage(i18n.language);
  for (const [namespace, bundle] of Object.entries(texts.bundles) as [Namespace, Texts][]) {
    i18n.addResourceBundle(texts.language, namespace, bundle);
  }
  return Promise.resolve();
}

/** localStorage keeps the choice for the next visit; the cookie mirrors it for the server (decision 010). */
function keepLanguage(language: Language) {
  writeStorage(STORAGE_KEYS.language, language);
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The page now shows `language`: it says so, and keeps it. */
function rememberLanguage(language: Language) {
  keepLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const cookieValue = (name: string) =>
  document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1] ?? null;

/** The stored choice the page switches to once hydrated (it hydrates in the server's language). */
const pendingLanguage =
  typeof document === 'undefined'
    ? null
    : languageToRestore({
        rendered: pageLanguage,
        stored: readStorage(STORAGE_KEYS.language),
        cookie: cookieValue(LANGUAGE_COOKIE),
        query: new URLSearchParams(window.location.search).get('lang'),
      });

if (typeof document !== 'undefined' && !pendingLanguage) rememberLanguage(i18n.language);
i18n.onLanguageChanged(rememberLanguage);

let chosenOnPage = false;

/** The shopper's pick in the language menu. */
export function chooseLanguage(language: Language): Promise<void> {
  chosenOnPage = true;
  // Kept at once, not when its texts have arrived: a reload meanwhile would have lost the pick.
  keepLanguage(language);
  return i18n.changeLanguage(language);
}

/** After hydration: a returning shopper's stored language replaces the server's guess. */
export async function restoreStoredLanguage(): Promise<void> {
  // A language picked on this page before it was interactive is the newer choice.
  if (!pendingLanguage || chosenOnPage || i18n.language === pendingLanguage) return;
  await i18n.changeLanguage(pendingLanguage);
}

export default i18n;
