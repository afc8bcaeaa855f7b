/**
 * A product's text in the shopper's language (decision 012): the main `name` and `description`
 * are Uzbek Latin; `translations` may carry Russian and English. A missing or empty translation
 * falls back to the main text, field by field.
 */
import type { Language } from './constants.js';

export const TRANSLATED_LANGUAGES = ['ru', 'en'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export const TRANSLATED_FIELDS = ['name', 'description'] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

export type ProductText = Partial<Record<TranslatedField, string>>;
export type ProductTranslations = Partial<Record<TranslatedLanguage, ProductText>>;

export interface Translatable {
  name: string;
  description?: string;
  translations?: ProductTranslations | null;
}

function translated(
  item: Translatable,
  field: TranslatedField,
  language: Language | string,
): string | undefined {
  if (language !== 'ru' && language !== 'en') return undefined;
  const text = item.translations?.[language]?.[field]?.trim();
  return text ? text : undefined;
}

/** The product's name in `language`, or its Uzbek name when it has none. */
export function localizedName(item: Translatable, language: Language | string): string {
  return translated(item, 'name', language) ?? item.name;
}

/** The product's description in `language`, or its Uzbek description when it has none. */
export function localizedDescription(item: Translatable, language: Language | string): string {
  return translated(item, 'description', language) ?? item.description ?? '';
}

/** The languages whose name or description is still missing, for the back office's marker. */
export function missingTranslations(item: Translatable): TranslatedLanguage[] {
  return TRANSLATED_LANGUAGES.filter(
    (language) =>
      !translated(item, 'name', language) ||
      (item.description !== undefined && !translated(item, 'description', language)),
  );
}
