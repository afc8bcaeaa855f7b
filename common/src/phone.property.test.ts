import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTH_PHONE_PATTERN, normalizePhone } from './phone.js';

/** The nine digits after +998: a two-digit operator code and the subscriber number. */
const nationalNumber = fc.stringMatching(/^\d{9}$/);

const COUNTRY_CODES = ['', '998', '+998', '+ 998', '(+998)', '998 '] as const;

/**
 * One way a shopper might type the number: with or without the country code, the operator code
 * in parentheses or not, and spaces, dashes or dots between the digit groups.
 */
const writtenPhone = fc
  .record({
    national: nationalNumber,
    countryCode: fc.constantFrom(...COUNTRY_CODES),
    operatorInBrackets: fc.boolean(),
    separators: fc.array(fc.constantFrom('', ' ', '-', '.', ' -'), { minLength: 9, maxLength: 9 }),
    padding: fc.constantFrom('', ' ', '  ', '\t'),
  })
  .map(({ national, countryCode, operatorInBrackets, separators, padding }) => {
    const operator = operatorInBrackets ? `(${national.slice(0, 2)})` : national.slice(0, 2);
    const subscriber = [...national.slice(2)].map((digit, index) => `${separators[index]}${digit}`).join('');
    const text = `${padding}${countryCode}${separators[7]}${operator}${separators[8]}${subscriber}${padding}`;
    return { national, withCountryCode: countryCode !== '', text };
  });

const typedPhone = writtenPhone.map(({ text }) => text);

/** Characters people put in phone fields, so some of these strings are phones. */
const phoneLikeText = fc.string({ unit: fc.constantFrom(...'0123456789 +-().\t'), maxLength: 45 });
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), phoneLikeText);

describe('normalizePhone', () => {
  it('reads every common way of writing a number as the same +998XXXXXXXXX', () => {
    fc.assert(
      fc.property(writtenPhone, ({ national, text }) => {
        expect(normalizePhone(text)).toBe(`+998${national}`);
      }),
    );
  });

  it('gives back a normalized phone unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, typedPhone), (input) => {
        const phone = normalizePhone(input);
        if (phone !== null) expect(normalizePhone(phone)).toBe(phone);
      }),
    );
  });

  it('never throws, and answers null or a phone in the auth format', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const phone = normalizePhone(input);
        if (phone !== null) expect(phone).toMatch(AUTH_PHONE_PATTERN);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses what is not text, as JSON bodies and query arrays may send', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (value) => {
          expect(normalizePhone(value as string)).toBeNull();
        },
      ),
    );
  });

  it('refuses a number with a letter or other symbol typed into it', () => {
    const stray = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((char) => !/[\d\s()+\-.]/.test(char));
    fc.assert(
      fc.property(writtenPhone, stray, fc.nat(), ({ text }, char, at) => {
        const position = at % (text.length + 1);
        expect(normalizePhone(`${text.slice(0, position)}${char}${text.slice(position)}`)).toBeNull();
      }),
    );
  });

  it('refuses digits that are not nine, or twelve starting with 998', () => {
    const digits = fc
      .stringMatching(/^\d{0,20}$/)
      .filter((text) => text.length !== 9 && !(text.length === 12 && text.startsWith('998')));
    fc.assert(
      fc.property(digits, (text) => {
        expect(normalizePhone(text)).toBeNull();
      }),
    );
  });
});
