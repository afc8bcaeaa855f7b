import i18next, { type i18n as I18n } from 'i18next';
import { LANGUAGES, type Language } from '@shop/common';
import uzCommon from '../locales/uz/common.json';
import uzStorefront from '../locales/uz/storefront.json';
import ruCommon from '../locales/ru/common.json';
import ruStorefront from '../locales/ru/storefront.json';
import enCommon from '../locales/en/common.json';
import enStorefront from '../locales/en/storefront.json';
import { TRANSLATION_OPTIONS } from '../lib/i18n';

const resources = {
  uz: { common: uzCommon, storefront: uzStorefront },
  ru: { common: ruCommon, storefront: ruStorefront },
  en: { common: enCommon, storefront: enStorefront },
};

/**
 * One translator per language for the server renderer, made once: concurrent requests in other
 * languages never switch a shared instance. The browser's options, so texts are the same.
 */
const translators = Object.fromEntries(
  LANGUAGES.map((language) => {
    const instance = i18next.createInstance();
    void instance.init({
      resources,
      lng: language,
      ...TRANSLATION_OPTIONS,
      initAsync: false,
    });
    return [language, instance];
  }),
) as Record<Language, I18n>;

export const translatorFor = (language: Language): I18n => translators[language];
