import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shop/common';
import uzCommon from '../locales/uz/common.json';
import uzStorefront from '../locales/uz/storefront.json';
import ruCommon from '../locales/ru/common.json';
import ruStorefront from '../locales/ru/storefront.json';
import enCommon from '../locales/en/common.json';
import enStorefront from '../locales/en/storefront.json';
import { NAMESPACES } from '../lib/i18n';

const resources = {
  uz: { common: uzCommon, storefront: uzStorefront },
  ru: { common: ruCommon, storefront: ruStorefront },
  en: { common: enCommon, storefront: enStorefront },
};

/**
 * One translator per language for the server renderer, made once: concurrent requests in other
 * languages never switch a shared instance. Options match lib/i18n.ts, so texts are the same.
 */
const translators = Object.fromEntries(
  LANGUAGES.map((language) => {
    const instance = i18next.createInstance();
    void instance.init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    return [language, instance];
  }),
) as Record<Language, I18n>;

export const translatorFor = (language: Language): I18n => translators[language];
