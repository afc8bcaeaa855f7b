import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_WORDS,
  cyrillicToLatin,
  isCloseTo,
  isTypoOf,
  searchKey,
  stemOf,
  searchWords,
  typoPatterns,
  withinOneTypo,
} from './search-key.js';

describe('searchKey: one key for every way a word is typed', () => {
  it.each([
    // Uzbek Cyrillic and Latin meet
    ['шкаф', 'shkaf'],
    ['стол', 'stol'],
    ['стул', 'stul'],
    ['Ўқувчи стули', 'oquvchi stuli'],
    ["O'quvchi stuli", 'oquvchi stuli'],
    ['Oʻquvchi stuli', 'oquvchi stuli'],
    ['O‘quvchi stuli', 'oquvchi stuli'],
    ['O’quvchi stuli', 'oquvchi stuli'],
    ['O`quvchi stuli', 'oquvchi stuli'],
    ['Oʼquvchi stuli', 'oquvchi stuli'],
    ['ғилдиракли', 'gildirakli'],
    ["G'ildirakli", 'gildirakli'],
    ['gʻildirakli', 'gildirakli'],
    ['шкафи', 'shkafi'],
    ['чорпоя', 'chorpoya'],
    ['қора', 'qora'],
    ['ҳужжат', 'hujjat'],
    ['хона', 'xona'],
    ['ёғоч', 'yogoch'],
    ['юмшоқ', 'yumshoq'],
    ['ер', 'yer'],
    ['келди', 'keldi'],
    ['мебель', 'mebel'],
    ['съёмный', 'syomniy'],
    ['Щётка', 'shyotka'],
    ['ЦЕНТР', 'sentr'],
    ['Эргономичное кресло', 'ergonomichnoye kreslo'],
    // case, accents, punctuation
    ['LOFT Bar STULI', 'loft bar stuli'],
    ['Café', 'cafe'],
    ['120×50 sm', '120 50 sm'],
    ['  many   spaces ', 'many spaces'],
    ['50%', '50'],
    ['a_b', 'a b'],
    ['c\\d', 'c d'],
    ["'; drop table products; --", 'drop table products'],
    ['.*+?^${}()|[]', ''],
    ['🪑🛋️', ''],
    ['stol🪑', 'stol'],
    ['', ''],
  ])('%j → %j', (typed, key) => {
    expect(searchKey(typed)).toBe(key);
  });

  it('gives Cyrillic and Latin spellings of the same Uzbek word one key', () => {
    const pairs = [
      ["o'yinchoqlar", 'ўйинчоқлар'],
      ['majlislar stoli', 'мажлислар столи'],
      ["bog'cha", 'боғча'],
      ['hujjat shkafi', 'ҳужжат шкафи'],
      ['bolalar stoli', 'болалар столи'],
    ];
    for (const [latin, cyrillic] of pairs) expect(searchKey(cyrillic!)).toBe(searchKey(latin!));
  });

  it('leaves Latin text alone in cyrillicToLatin', () => {
    expect(cyrillicToLatin('loft stol 2')).toBe('loft stol 2');
  });
});

describe('searchWords', () => {
  it('drops single letters and repeats, keeps the typed order', () => {
    expect(searchWords('a stol B stol ofis')).toEqual(['stol', 'ofis']);
  });
  it('keeps two-letter words (searched as a word start)', () => {
    expect(searchWords('st')).toEqual(['st']);
  });
  it('has no word for punctuation, emoji or one letter', () => {
    for (const query of ['', ' ', '%', '_', '\\', '🪑', 'a', "'", '%_\\'])
      expect(searchWords(query)).toEqual([]);
  });
  it('caps the number and the length of words', () => {
    expect(searchWords('alpha beta gamma delta epsilon zeta eta theta')).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords('x'.repeat(1000))[0]).toHaveLength(30);
  });
});

describe('withinOneTypo', () => {
  it.each([
    ['kreslo', 'kreslo', true],
    ['kresla', 'kreslo', true], // wrong letter
    ['kreso', 'kreslo', true], // missing letter
    ['kresslo', 'kreslo', true], // extra letter
    ['kerslo', 'kreslo', true], // swapped neighbours
    ['rkeslo', 'kreslo', true], // swapped at the start
    ['kresol', 'kreslo', true], // swapped at the end
    ['kreslox', 'kreslo', true], // extra at the end
    ['xkreslo', 'kreslo', true], // extra at the start
    ['krasla', 'kreslo', false], // two wrong letters
    ['kslo', 'kreslo', false], // two missing
    ['ksreol', 'kreslo', false],
    ['', 'a', true],
    ['', 'ab', false],
  ])('%s ~ %s → %s', (typed, word, expected) => {
    expect(withinOneTypo(typed, word)).toBe(expected);
    expect(withinOneTypo(word, typed)).toBe(expected);
  });
});

describe('isTypoOf: one typo in words of five letters or more, against the start of a stored word', () => {
  it.each([
    ['kerslo', 'kreslosi', true],
    ['kreslo', 'kreslosi', true],
    ['shkfa', 'shkafi', true],
    ['jurnl', 'jurnal', true],
    ['majlis', 'majlislar', true],
    ['stol', 'stul', false], // four letters: no typo allowed
    ['stl', 'stol', false],
    ['qwerty', 'kreslo', false],
    ['kreslo', 'kre', false],
  ])('%s → %s: %s', (typed, word, expected) => {
    expect(isTypoOf(typed, word)).toBe(expected);
  });
});

describe('typoPatterns', () => {
  const likeToRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/_/g, '.').replace(/%/g, '.*')}$`);

  it('has none for a word shorter than five letters', () => {
    expect(typoPatterns('stol')).toEqual([]);
  });

  it('finds every stored word that isTypoOf accepts (checked over all one-edit variants)', () => {
    const typed = 'kreslo';
    const patterns = typoPatterns(typed).map(likeToRegExp);
    const letters = 'abkloprsz';
    const variants = new Set<string>();
    for (let i = 0; i <= typed.length; i += 1) {
      for (const letter of letters) {
        variants.add(typed.slice(0, i) + letter + typed.slice(i));
        if (i < typed.length) variants.add(typed.slice(0, i) + letter + typed.slice(i + 1));
      }
      if (i < typed.length) variants.add(typed.slice(0, i) + typed.slice(i + 1));
      if (i < typed.length - 1)
        variants.add(typed.slice(0, i) + typed[i + 1] + typed[i] + typed.slice(i + 2));
    }
    for (const variant of variants) {
      for (const stored of [variant, `${variant}si`]) {
        if (isTypoOf(typed, stored))
          expect(
            patterns.some((p) => p.test(stored)),
            stored,
          ).toBe(true);
      }
    }
  });

  it('holds only letters, digits and the two LIKE wildcards', () => {
    for (const pattern of typoPatterns('shkaf')) expect(pattern).toMatch(/^[a-z0-9_%]+$/);
  });
});

describe('stems: a typed word matches stored words that share its stem (word endings change)', () => {
  it.each([
    ['stulya', 'stul'],
    ['detskiye', 'detski'],
    ['shkaf', 'shka'],
    ['stollar', 'stoll'],
  ])('%s → %s', (typed, stem) => {
    expect(stemOf(typed)).toBe(stem);
  });
  it('has no stem for a short word', () => {
    expect(stemOf('stol')).toBeNull();
  });
  it.each([
    ['stulya', 'stulyev', true], // стулья / стульев
    ['detskiye', 'detskix', true], // детские / детских
    ['kerslo', 'kreslosi', true], // a typo
    ['stulya', 'stol', false],
    ['stol', 'stoli', false], // four letters: neither typo nor stem
  ])('%s ~ %s → %s', (typed, word, expected) => {
    expect(isCloseTo(typed, word)).toBe(expected);
  });
});
