import type { Category, Language } from '@shop/common';

/** The categories' names as the storefront shows them (web locales' `categories.*.name`). */
export const CATEGORY_NAMES: Record<Category, Record<Language, string>> = {
  school: { uz: 'Maktab', ru: 'Школа', en: 'School' },
  kinder: { uz: 'Bogʻcha', ru: 'Детский сад', en: 'Kindergarten' },
  office: { uz: 'Ofis', ru: 'Офис', en: 'Office' },
  loft: { uz: 'Loft', ru: 'Лофт', en: 'Loft' },
};
