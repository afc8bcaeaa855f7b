import { LANGUAGES, type Language, type PrivacyDocument } from '@shop/common';

/** A part of the privacy text: a paragraph, or a heading with its list. */
export type PrivacyBlock =
  { kind: 'paragraph'; text: string } | { kind: 'list'; heading: string; items: string[] };

const LIST_ITEM = /^- /;

/**
 * The server writes the text as plain lines (config/privacy-text.ts): the title, paragraphs apart
 * by a blank line, and sections of a "Heading:" line followed by "- item" lines.
 */
export function privacyBlocks(text: string): { title: string; blocks: PrivacyBlock[] } {
  const [title = '', ...parts] = text.split(/\n{2,}/).map((part) => part.trim());
  const blocks = parts.filter(Boolean).map((part): PrivacyBlock => {
    const [first = '', ...rest] = part.split('\n');
    if (rest.length > 0 && rest.every((line) => LIST_ITEM.test(line)))
      return {
        kind: 'list',
        heading: first.replace(/:$/, ''),
        items: rest.map((line) => line.replace(LIST_ITEM, '')),
      };
    return { kind: 'paragraph', text: part };
  });
  return { title, blocks };
}

/** The text in the reader's language (Uzbek when the language is none of the shop's). */
export function privacyTextIn(document: PrivacyDocument, language: string): string {
  const known = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'uz';
  return document.text[known];
}
