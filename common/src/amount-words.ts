/*
 * Sums in words, as an invoice writes its total: Uzbek (Latin, with U+02BB in oʻ and gʻ) and
 * Russian (feminine "одна/две" before "тысяча", and the noun's one/few/many forms). Whole so'm up
 * to the billions; no library covers Uzbek.
 */

export type WordsLanguage = 'uz' | 'ru';

const UZ_ONES = ['', 'bir', 'ikki', 'uch', 'toʻrt', 'besh', 'olti', 'yetti', 'sakkiz', 'toʻqqiz'];
const UZ_TENS = ['', 'oʻn', 'yigirma', 'oʻttiz', 'qirq', 'ellik', 'oltmish', 'yetmish', 'sakson', 'toʻqson'];
const UZ_SCALES = ['', 'ming', 'million', 'milliard'];

const RU_ONES_M = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const RU_ONES_F = ['', 'одна', 'две', ...RU_ONES_M.slice(3)];
const RU_TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const RU_TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const RU_HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];
/** Each scale's gender and its one/few/many forms. */
const RU_SCALES: { feminine: boolean; forms: [string, string, string] }[] = [
  { feminine: false, forms: ['', '', ''] },
  { feminine: true, forms: ['тысяча', 'тысячи', 'тысяч'] },
  { feminine: false, forms: ['миллион', 'миллиона', 'миллионов'] },
  { feminine: false, forms: ['миллиард', 'миллиарда', 'миллиардов'] },
];
const RU_SUM: [string, string, string] = ['сум', 'сума', 'сумов'];

/** Russian plural: 1, 21, 101 → one; 2–4, 22–24 → few; 0, 5–20, 11–14, 25 → many. */
export function russianPlural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** Groups of three digits, lowest first: 1 234 567 → [567, 234, 1]. */
function triads(n: number): number[] {
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  return groups;
}

function uzTriad(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  return [
    ...(hundreds ? [UZ_ONES[hundreds]!, 'yuz'] : []),
    UZ_TENS[Math.floor((n % 100) / 10)]!,
    UZ_ONES[n % 10]!,
  ].filter(Boolean);
}

function ruTriad(n: number, feminine: boolean): string[] {
  const tens = Math.floor((n % 100) / 10);
  const ones = feminine ? RU_ONES_F : RU_ONES_M;
  return [
    RU_HUNDREDS[Math.floor(n / 100)]!,
    ...(tens === 1 ? [RU_TEENS[n % 10]!] : [RU_TENS[tens]!, ones[n % 10]!]),
  ].filter(Boolean);
}

/** A whole number 0 … 999 999 999 999 in words, lower case. */
export function numberInWords(n: number, language: WordsLanguage): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Cannot write ${n} in words`);
  if (n === 0) return language === 'uz' ? 'nol' : 'ноль';
  const words = triads(n).flatMap((group, scale) => {
    if (group === 0) return [];
    if (language === 'uz') return [[...uzTriad(group), UZ_SCALES[scale]!].filter(Boolean)];
    const { feminine, forms } = RU_SCALES[scale]!;
    return [[...ruTriad(group, feminine), russianPlural(group, forms)].filter(Boolean)];
  });
  return words.reverse().flat().join(' ');
}

/** An invoice's total in words with the currency, first letter upper case: "Bir ming soʻm", "Одна тысяча сумов". */
export function amountInWords(n: number, language: WordsLanguage): string {
  const words = `${numberInWords(n, language)} ${language === 'uz' ? 'soʻm' : russianPlural(n, RU_SUM)}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
