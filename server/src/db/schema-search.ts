import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every word of every product's search text, once: the dictionary a typed word with a typo is
 * corrected against. Words are never removed (a stale one only widens a search to nothing).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_word_trgm_idx')
    .using('gin', sql`${t.word} gin_trgm_ops`)
    .with({ fastupdate: false }),
]);
