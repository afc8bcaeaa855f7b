import { TRANSLATED_LANGUAGES, searchKey, type ProductTranslations } from '@shop/common';

/** Raise when searchKey or the document's layout changes: rows written before are redone at start. */
export const SEARCH_RULES_VERSION = 1;

export interface SearchableText {
  name: string;
  description: string;
  translations: ProductTranslations;
}

/** A leading and trailing space, so `% word` finds a word's start and `word %` its end. */
const padded = (parts: string[]) => ` ${parts.map(searchKey).filter(Boolean).join(' ')} `;

/**
 * The stored search columns of a product: its names, and its names with descriptions, in every
 * language. The text begins with the names, so whatever matches the name matches the text too
 * (the relevance reads of product-service.ts check a hit by name against the name alone).
 */
export function searchColumns(text: SearchableText) {
  const names = [
    text.name,
    ...TRANSLATED_LANGUAGES.map((language) => text.translations[language]?.name ?? ''),
  ];
  const descriptions = [
    text.description,
    ...TRANSLATED_LANGUAGES.map((language) => text.translations[language]?.description ?? ''),
  ];
  return {
    searchName: padded(names),
    searchText: padded([...names, ...descriptions]),
    searchVersion: SEARCH_RULES_VERSION,
  };
}

/** The distinct words of a search text, for the typo dictionary. */
export const wordsOf = (searchText: string): string[] => [...new Set(searchText.split(' ').filter(Boolean))];
