/**
 * How search reads text: one key for every way a shopper may type a word. Uzbek is written in Latin
 * and in Cyrillic, its oʻ/gʻ take any of six apostrophes, and Russian shares the Cyrillic letters, so
 * both the stored search document and the query are folded to plain Latin letters and digits by the
 * same function (docs/decisions/012-catalogue-languages-and-search.md).
 */

/** The apostrophes people type for oʻ, gʻ and the tutuq belgisi: all mean the same, and are dropped. */
const APOSTROPHES = /['`ʻʼ‘’ʹ′´]/g;

/** Uzbek Cyrillic (with the Russian letters) to Uzbek Latin, as the 1995 alphabet writes them. */
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 's',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: "o'",
  қ: 'q',
  ғ: "g'",
  ҳ: 'h',
};

const CYRILLIC_VOWELS = new Set('аеёиоуыэюяў');

/** Uzbek Latin writes a Cyrillic е as "ye" at the start of a word and after a vowel (ер → yer). */
function cyrillicE(previous: string | undefined): string {
  if (previous === undefined || !/\p{L}/u.test(previous) || CYRILLIC_VOWELS.has(previous)) return 'ye';
  return 'e';
}

/** Cyrillic letters to Latin; everything else is left as it is. Expects lower-case text. */
export function cyrillicToLatin(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const letter = text[i]!;
    if (letter === 'е') out += cyrillicE(text[i - 1]);
    else out += CYRILLIC_TO_LATIN[letter] ?? letter;
  }
  return out;
}

/**
 * The search key of a text: lower case, Latin script, no apostrophes or accents, and every run of
 * anything that is not a letter or digit (punctuation, `%`, `_`, `\`, emoji) turned into one space.
 */
export function searchKey(text: string): string {
  const latin = cyrillicToLatin(text.normalize('NFC').toLowerCase()).replace(APOSTROPHES, '');
  return latin
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words shorter than this are not searched: no index can serve a one-letter word, nor should it. */
export const MIN_SEARCH_WORD = 2;
/** A word this long or longer may carry one typo (decision 012). */
export const MIN_TYPO_WORD = 5;
/** More words than this add nothing a shopper means; the rest are ignored. */
export const MAX_SEARCH_WORDS = 6;
/** Longer words are cut: no real word is longer, and patterns stay small. */
export const MAX_SEARCH_WORD_LENGTH = 30;

/** The words of a query that search uses, each once, in the order typed. */
export function searchWords(query: string): string[] {
  const words = searchKey(query)
    .split(' ')
    .filter((word) => word.length >= MIN_SEARCH_WORD)
    .map((word) => word.slice(0, MAX_SEARCH_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * True when `typed` becomes `word` by one edit: a wrong, missing, extra or swapped letter (the
 * optimal string alignment distance is at most 1). Equal words are true as well.
 */
export function withinOneTypo(typed: string, word: string): boolean {
  if (typed === word) return true;
  const [a, b] = typed.length <= word.length ? [typed, word] : [word, typed];
  if (b.length - a.length > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    // One letter replaced, or two neighbours swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One letter more in the longer word.
  return a.slice(i) === b.slice(i + 1);
}

/**
 * True when the start of `word` is `typed` with one typo, for words long enough to carry one. A
 * stored word may run on past what was typed (stol → stoli, kreslo → kreslosi): the typed letters
 * are compared with the word's first letters, one more or one fewer.
 */
export function isTypoOf(typed: string, word: string): boolean {
  if (typed.length < MIN_TYPO_WORD) return false;
  for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
    if (length <= word.length && withinOneTypo(typed, word.slice(0, length))) return true;
  }
  return false;
}

/**
 * The stem of a typed word: its letters less the last two, never fewer than four. Uzbek and
 * Russian change a word's ending (стулья / стульев, stoli / stollar), so a typed word no stored word
 * contains is also matched by stored words that share its stem.
 */
export function stemOf(typed: string): string | null {
  if (typed.length < MIN_TYPO_WORD) return null;
  return typed.slice(0, Math.max(4, typed.length - 2));
}

/** A stored word that may stand in for a typed word no stored word contains: one typo, or the same stem. */
export function isCloseTo(typed: string, word: string): boolean {
  const stem = stemOf(typed);
  return stem !== null && (word.startsWith(stem) || isTypoOf(typed, word));
}

/**
 * SQL LIKE patterns (for `word LIKE pattern`) that every stored word `isTypoOf` the typed one
 * matches: each letter replaced by `_`, each gap given a `_`, each letter left out, each pair swapped;
 * all open-ended, since the stored word may run on; and the stem. Typed words hold only [a-z0-9]
 * (searchKey), so nothing needs escaping. The index finds candidates by these; `isCloseTo` decides.
 */
export function typoPatterns(typed: string): string[] {
  if (typed.length < MIN_TYPO_WORD) return [];
  const patterns = new Set<string>();
  for (let i = 0; i <= typed.length; i += 1) {
    const head = typed.slice(0, i);
    if (i < typed.length) {
      patterns.add(`${head}_${typed.slice(i + 1)}%`);
      patterns.add(`${head}${typed.slice(i + 1)}%`);
    }
    patterns.add(`${head}_${typed.slice(i)}%`);
    if (i < typed.length - 1) patterns.add(`${head}${typed[i + 1]}${typed[i]}${typed.slice(i + 2)}%`);
  }
  patterns.add(`${stemOf(typed)}%`);
  return [...patterns];
}
