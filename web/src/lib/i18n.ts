import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS } from '@shop/common';
import { detectLanguage } from './language';
import { readStorage, writeStorage } from './storage';
import uzCommon from '../locales/uz/common.json';
import uzStorefront from '../locales/uz/storefront.json';

export const NAMESPACES = ['common', 'storefront'] as const;

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

const browserLanguages =
  typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];

export const i18nReady = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: { uz: { common: uzCommon, storefront: uzStorefront } },
    partialBundledLanguages: true,
    lng: detectLanguage(readStorage(STORAGE_KEYS.language), browserLanguages),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

function applyLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(i18n.language);
i18n.on('languageChanged', (language) => {
  writeStorage(STORAGE_KEYS.language, language);
  applyLanguage(language);
});

export default i18n;
