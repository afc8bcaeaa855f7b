import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords, russianPlural } from './amount-words.js';

describe('amounts in words', () => {
  const table: [number, string, string][] = [
    [0, 'Nol soʻm', 'Ноль сумов'],
    [1, 'Bir soʻm', 'Один сум'],
    [11, 'Oʻn bir soʻm', 'Одиннадцать сумов'],
    [21, 'Yigirma bir soʻm', 'Двадцать один сум'],
    [101, 'Bir yuz bir soʻm', 'Сто один сум'],
    [1_000, 'Bir ming soʻm', 'Одна тысяча сумов'],
    [1_001_000, 'Bir million bir ming soʻm', 'Один миллион одна тысяча сумов'],
    [
      2_147_483_647,
      'Ikki milliard bir yuz qirq yetti million toʻrt yuz sakson uch ming olti yuz qirq yetti soʻm',
      'Два миллиарда сто сорок семь миллионов четыреста восемьдесят три тысячи шестьсот сорок семь сумов',
    ],
  ];
  it.each(table)('%i in Uzbek and Russian', (n, uz, ru) => {
    expect(amountInWords(n, 'uz')).toBe(uz);
    expect(amountInWords(n, 'ru')).toBe(ru);
  });

  it('follows Russian gender and plural forms', () => {
    expect(numberInWords(2_000, 'ru')).toBe('две тысячи');
    expect(numberInWords(5_000, 'ru')).toBe('пять тысяч');
    expect(numberInWords(11_000, 'ru')).toBe('одиннадцать тысяч');
    expect(numberInWords(21_000, 'ru')).toBe('двадцать одна тысяча');
    expect(numberInWords(2_000_000, 'ru')).toBe('два миллиона');
    expect(numberInWords(1_000_000_000, 'ru')).toBe('один миллиард');
    expect(amountInWords(2, 'ru')).toBe('Два сума');
    expect(amountInWords(14, 'ru')).toBe('Четырнадцать сумов');
    expect(amountInWords(112, 'ru')).toBe('Сто двенадцать сумов');
    expect(russianPlural(1_000_000, ['сум', 'сума', 'сумов'])).toBe('сумов');
  });

  it('writes Uzbek oʻ and gʻ with U+02BB and skips empty groups', () => {
    expect(numberInWords(90, 'uz')).toBe('toʻqson');
    expect(numberInWords(1_000_010, 'uz')).toBe('bir million oʻn');
    expect(numberInWords(1_250_000, 'uz')).toBe('bir million ikki yuz ellik ming');
    expect(amountInWords(4, 'uz')).not.toMatch(/[’'`‘]/);
  });

  it('refuses what it cannot write', () => {
    expect(() => numberInWords(-1, 'uz')).toThrow(RangeError);
    expect(() => numberInWords(1.5, 'ru')).toThrow(RangeError);
    expect(() => numberInWords(1e12, 'ru')).toThrow(RangeError);
  });
});
