import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shop/common';
import en from '../locales/en/common.json';
import ru from '../locales/ru/common.json';
import uz from '../locales/uz/common.json';

describe('server error codes', () => {
  // A code without a translation would reach the shopper as the generic fallback, or not at all.
  it.each([
    ['en', en],
    ['ru', ru],
    ['uz', uz],
  ])('each has a message in %s', (_language, messages) => {
    const errors = messages.errors as Record<string, string>;
    expect(ERROR_CODES.filter((code) => !errors[code]?.trim())).toEqual([]);
  });
});

describe('stock shortage wording', () => {
  // Accepting a quote and a staff edit answer OUT_OF_STOCK too, on pages that have no cart.
  it.each([
    ['en', en.errors.OUT_OF_STOCK, /cart/i],
    ['ru', ru.errors.OUT_OF_STOCK, /корзин/i],
    ['uz', uz.errors.OUT_OF_STOCK, /savat/i],
  ])('%s does not speak of a cart', (_language, text, cart) => {
    expect(text).not.toMatch(cart);
  });
});
