import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { MIN_TYPO_WORD, isCloseTo, searchWords, typoPatterns } from '@shop/common';
import type { Db, Tx } from '../../../db/client.js';
import { products, searchWords as dictionary } from '../../../db/schema.js';
import { SEARCH_RULES_VERSION, searchColumns, wordsOf } from './search-document.js';

/** How a query reads in SQL: what every hit matches, and what a hit by name matches. */
export interface SearchPlan {
  matches: SQL;
  matchesName: SQL;
}

/** Adds a product's words to the typo dictionary (seed and writes alike). */
export async function addToDictionary(executor: Db | Tx, searchText: string): Promise<void> {
  const words = wordsOf(searchText);
  if (words.length === 0) return;
  await executor
    .insert(dictionary)
    .values(words.map((word) => ({ word })))
    .onConflictDoNothing();
}

/** At most this many dictionary words stand in for a word with a typo. */
const MAX_CORRECTIONS = 20;
/** Candidate words fetched by pattern before `isTypoOf` decides; enough for any real dictionary. */
const MAX_CANDIDATES = 300;
const REINDEX_BATCH = 500;

/**
 * Turns a shopper's query into conditions the trigram indexes serve (products_search_*_idx,
 * search_words_word_trgm_idx). Every word must match; a word of five letters or more that no stored
 * word contains is replaced by the stored words one typo away or sharing its stem. Design and
 * limits: decision 012.
 */
export class ProductSearch {
  /** Corrections per typed word; dictionary words only grow, so a short memory is safe. */
  private readonly corrections = new Map<string, { words: Promise<string[]>; expires: number }>();

  constructor(private readonly db: Db) {}

  /** Null when the query has no word that can be searched (only punctuation, emoji, single letters). */
  async plan(query: string): Promise<SearchPlan | null> {
    const words = searchWords(query);
    if (words.length === 0) return null;
    const alternatives = await Promise.all(words.map((word) => this.alternativesFor(word)));
    const matching = (column: typeof products.searchText | typeof products.searchName) =>
      and(...alternatives.map((patterns) => or(...patterns.map((p) => sql`${column} like ${p}`))))!;
    return { matches: matching(products.searchText), matchesName: matching(products.searchName) };
  }

  /** LIKE patterns of which a product must match one for this typed word. */
  private async alternativesFor(word: string): Promise<string[]> {
    // Two letters are searched as a word's start only ("% st%"): that much the index can serve.
    if (word.length < 3) return [`% ${word}%`];
    const exact = `%${word}%`;
    if (word.length < MIN_TYPO_WORD) return [exact];
    const corrected = await this.correctionsOf(word);
    return corrected.length ? corrected.map((stored) => `% ${stored} %`) : [exact];
  }

  /** Stored words one typo away or of the same stem, or none when a stored word contains the typed one. */
  private correctionsOf(word: string): Promise<string[]> {
    const now = Date.now();
    const hit = this.corrections.get(word);
    if (hit && hit.expires > now) return hit.words;
    if (this.corrections.size >= 2000) this.corrections.clear();
    const words = this.lookUpCorrections(word);
    this.corrections.set(word, { words, expires: now + 10_000 });
    words.catch(() => this.corrections.delete(word));
    return words;
  }

  private async lookUpCorrections(word: string): Promise<string[]> {
    const [known] = await this.db
      .select({ word: dictionary.word })
      .from(dictionary)
      .where(sql`${dictionary.word} like ${`%${word}%`}`)
      .limit(1);
    if (known) return [];
    const candidates = await this.db
      .select({ word: dictionary.word })
      .from(dictionary)
      .where(or(...typoPatterns(word).map((pattern) => sql`${dictionary.word} like ${pattern}`)))
      .limit(MAX_CANDIDATES);
    return candidates
      .map((row) => row.word)
      .filter((stored) => isCloseTo(word, stored))
      .sort((a, b) => a.length - b.length || a.localeCompare(b))
      .slice(0, MAX_CORRECTIONS);
  }

  /** After a product's text changed: new words join the dictionary, and remembered corrections go. */
  async remember(tx: Db | Tx, searchText: string): Promise<void> {
    await addToDictionary(tx, searchText);
    this.corrections.clear();
  }

  /**
   * Rows written before the current search rules (the migration's rows, or rows put in by hand)
   * get their search columns now, in batches; returns how many were redone.
   */
  async reindexStale(): Promise<number> {
    let done = 0;
    let after = '';
    for (;;) {
      const rows = await this.db
        .select({
          id: products.id,
          name: products.name,
          description: products.description,
          translations: products.translations,
        })
        .from(products)
        .where(and(sql`${products.searchVersion} <> ${SEARCH_RULES_VERSION}`, gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(REINDEX_BATCH);
      if (rows.length === 0) return done;
      await this.db.transaction(async (tx) => {
        for (const row of rows) {
          const columns = searchColumns(row);
          await tx.update(products).set(columns).where(eq(products.id, row.id));
          await this.remember(tx, columns.searchText);
        }
      });
      done += rows.length;
      after = rows.at(-1)!.id;
    }
  }
}
