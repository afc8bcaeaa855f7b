import { LANGUAGES, type Language } from '@shop/common';
import { createTranslator, type Translator } from '../lib/translator';
import type { PageTexts } from '../lib/i18n';
import uzCommon from '../locales/uz/common.json';
import uzStorefront from '../locales/uz/storefront.json';
import ruCommon from '../locales/ru/common.json';
import ruStorefront from '../locales/ru/storefront.json';
import enCommon from '../locales/en/common.json';
import enStorefront from '../locales/en/storefront.json';

const bundles = {
  uz: { common: uzCommon, storefront: uzStorefront },
  ru: { common: ruCommon, storefront: ruStorefront },
  en: { common: enCommon, storefront: enStorefront },
};

/**
 * One translator per language for the server renderer, made once: concurrent requests in other
 * languages never switch a shared instance. The browser's lookup (lib/translator), so texts are the same.
 */
const translators = Object.fromEntries(
  LANGUAGES.map((language) => [language, createTranslator({ language, bundles })]),
) as Record<Language, Translator>;

export const translatorFor = (language: Language): Translator => translators[language];

/** The texts a page in this language carries for the browser (page state). */
export const pageTextsFor = (language: Language): PageTexts => ({ language, bundles: bundles[language] });
