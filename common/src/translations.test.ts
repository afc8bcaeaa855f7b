import { describe, expect, it } from 'vitest';
import { localizedDescription, localizedName, missingTranslations } from './translations.js';

const desk = {
  name: 'Tortmali ofis stoli',
  description: 'Uch tortmali stol',
  translations: {
    ru: { name: 'Офисный стол с ящиками', description: 'Стол с тремя ящиками' },
    en: { name: '  ' },
  },
};

describe('product text in the shopper language', () => {
  it('gives the translation when there is one', () => {
    expect(localizedName(desk, 'ru')).toBe('Офисный стол с ящиками');
    expect(localizedDescription(desk, 'ru')).toBe('Стол с тремя ящиками');
  });
  it('falls back to Uzbek for uz, a blank or a missing translation, and an unknown language', () => {
    expect(localizedName(desk, 'uz')).toBe('Tortmali ofis stoli');
    expect(localizedName(desk, 'en')).toBe('Tortmali ofis stoli');
    expect(localizedDescription(desk, 'en')).toBe('Uch tortmali stol');
    expect(localizedName(desk, 'de')).toBe('Tortmali ofis stoli');
    expect(localizedName({ name: 'Stol' }, 'ru')).toBe('Stol');
    expect(localizedName({ name: 'Stol', translations: null }, 'en')).toBe('Stol');
  });
  it('names the languages still missing a name or description', () => {
    expect(missingTranslations(desk)).toEqual(['en']);
    expect(missingTranslations({ name: 'a', description: 'b', translations: {} })).toEqual(['ru', 'en']);
    expect(
      missingTranslations({
        name: 'a',
        description: 'b',
        translations: { ru: { name: 'а', description: 'б' }, en: { name: 'a', description: 'b' } },
      }),
    ).toEqual([]);
  });
});
