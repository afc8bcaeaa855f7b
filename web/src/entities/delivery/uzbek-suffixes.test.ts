import { describe, expect, it } from 'vitest';
import { formatShopDay } from '@shop/common';
import uzCommon from '../../locales/uz/common.json';
import uzStorefront from '../../locales/uz/storefront.json';

/** Uzbek writes -dan and -gacha joined to the word: "30-noyabrdan", never "30-noyabr dan". */
describe('Uzbek case endings after a date', () => {
  const day = formatShopDay('2026-11-30', 'uz');
  it.each([
    ['the delivery estimate', uzCommon.delivery.estimate.replace('{{date}}', day), `${day}dan`],
    ['a quote valid until', uzStorefront.quote.validUntil.replace('{{day}}', day), `${day}gacha`],
  ])('%s joins the ending to the date', (_where, text, joined) => {
    expect(text).toContain(joined);
  });
});
