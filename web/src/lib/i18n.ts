import i18n, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  STORAGE_KEYS,
  detectLanguage,
  languageToRestore,
} from '@shop/common';
import { readStorage, writeStorage } from './storage';
import uzCommon from '../locales/uz/common.json';
import uzStorefront from '../locales/uz/storefront.json';

export const NAMESPACES = ['common', 'storefront'] as const;

/** How texts are looked up, the same in the browser and in the server's renderer (app/server-i18n). */
export const TRANSLATION_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'languageOnly',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;

/**
 * Uzbek (the default and fallback) ships in the first load; English and Russian are fetched
 * when chosen, which keeps ~7 KB gzip out of the storefront's initial JS.
 */
const lazyBundles: Record<string, Record<string, () => Promise<{ default: ResourceKey }>>> = {
  en: {
    common: () => import('../locales/en/common.json'),
    storefront: () => import('../locales/en/storefront.json'),
  },
  ru: {
    common: () => import('../locales/ru/common.json'),
    storefront: () => import('../locales/ru/storefront.json'),
  },
};

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazyBundles[language]?.[namespace];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
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

export const i18nReady = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: { uz: { common: uzCommon, storefront: uzStorefront } },
    partialBundledLanguages: true,
    lng: detectLanguage([pageLanguage, readStorage(STORAGE_KEYS.language)], browserLanguages),
    ...TRANSLATION_OPTIONS,
  });

/** localStorage keeps the choice for the next visit; the cookie mirrors it for the server (decision 010). */
function rememberLanguage(language: string) {
  writeStorage(STORAGE_KEYS.language, language);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
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
i18n.on('languageChanged', rememberLanguage);

let chosenOnPage = false;

/** The shopper's pick in the language menu. */
export function chooseLanguage(language: string): Promise<unknown> {
  chosenOnPage = true;
  return i18n.changeLanguage(language);
}

/** After hydration: a returning shopper's stored language replaces the server's guess. */
export async function restoreStoredLanguage(): Promise<void> {
  // A language picked on this page before it was interactive is the newer choice.
  if (!pendingLanguage || chosenOnPage || i18n.language === pendingLanguage) return;
  await i18n.changeLanguage(pendingLanguage);
}

export default i18n;
