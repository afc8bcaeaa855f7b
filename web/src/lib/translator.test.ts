import { describe, expect, it, vi } from 'vitest';
import { createTranslator, type Bundles } from './translator';

// Small made-up texts: each case reads the rule it names, not the shop's wording.
const bundles: Bundles = {
  uz: {
    common: {
      items_one: '{{count}} ta (bir)',
      items_other: '{{count}} ta',
      onlyUzbek: 'faqat oʻzbekcha',
      greeting: 'Salom, {{name}}!',
      nested: { deep: { text: 'chuqur' } },
    },
    storefront: { title: 'Doʻkon', shared: 'doʻkon' },
  },
  en: {
    common: { items_one: 'one item', items_other: '{{count}} items', greeting: 'Hello, {{ name }}!' },
  },
  ru: {
    common: {
      items_one: '{{count}} товар',
      items_few: '{{count}} товара',
      items_many: '{{count}} товаров',
      items_other: '{{count}} товара (дробь)',
      greeting: 'Привет, {{name}}!',
      nested: { deep: { text: 'глубоко' } },
    },
  },
};

// Keys of the test texts, not of the shop's: the typed `t` is checked in translate.test.ts.
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const loose = (t: unknown) => t as LooseT;
const tIn = (
  language: 'uz' | 'en' | 'ru',
  namespaces: 'common' | readonly ['storefront', 'common'] = 'common',
) => loose(createTranslator({ language, bundles }).getFixedT(language, namespaces));

describe('createTranslator', () => {
  it('picks the Russian plural form by Intl.PluralRules: one, few, many, other', () => {
    const t = tIn('ru');
    expect([1, 21, 3, 22, 5, 11, 0, 1.5].map((count) => t('items', { count }))).toEqual([
      '1 товар',
      '21 товар',
      '3 товара',
      '22 товара',
      '5 товаров',
      '11 товаров',
      '0 товаров',
      '1.5 товара (дробь)',
    ]);
  });

  it('picks one or other in English and Uzbek', () => {
    expect([1, 2, 0].map((count) => tIn('en')('items', { count }))).toEqual([
      'one item',
      '2 items',
      '0 items',
    ]);
    expect([1, 7].map((count) => tIn('uz')('items', { count }))).toEqual(['1 ta (bir)', '7 ta']);
  });

  it('fills {{name}} unescaped, leaves a value not passed as written and an empty one empty', () => {
    expect(tIn('en')('greeting', { name: '<b>Ali</b>' })).toBe('Hello, <b>Ali</b>!');
    expect(tIn('uz')('greeting')).toBe('Salom, {{name}}!');
    expect(tIn('uz')('greeting', { name: undefined })).toBe('Salom, !');
  });

  it('reads dotted keys and `ns:key`, bare keys only in the first namespace of a list', () => {
    const t = tIn('uz', ['storefront', 'common']);
    expect(t('title')).toBe('Doʻkon');
    expect(t('common:nested.deep.text')).toBe('chuqur');
    // As react-i18next's useTranslation(['storefront', 'common']) did: `common` needs its prefix.
    expect(t('onlyUzbek')).toBe('onlyUzbek');
    expect(t('common:onlyUzbek')).toBe('faqat oʻzbekcha');
  });

  it('falls back to Uzbek for a text the language lacks, in its Uzbek plural form', () => {
    expect(tIn('ru')('onlyUzbek')).toBe('faqat oʻzbekcha');
    expect(tIn('en')('nested.deep.text')).toBe('chuqur');
    expect(tIn('ru')('storefront:title')).toBe('Doʻkon');
  });

  it('answers a missing key with the default when given, else the key without its namespace', () => {
    const t = tIn('ru');
    expect(t('colors.nope', { defaultValue: 'nope' })).toBe('nope');
    expect(t('storefront:cart.nope')).toBe('cart.nope');
    // A key naming an object is no text (returnObjects is left out).
    expect(t('nested.deep')).toBe('nested.deep');
  });

  it('loads a lazy bundle before it switches, then notifies', async () => {
    const load = vi.fn(async () => ({ default: { greeting: 'Hi, {{name}}' } }));
    const translator = createTranslator({
      language: 'uz',
      bundles: { uz: bundles.uz },
      lazy: { en: { common: load } },
    });
    const changed = vi.fn();
    const notified = vi.fn();
    translator.onLanguageChanged(changed);
    translator.subscribe(notified);
    const revision = translator.revision;

    const switching = translator.changeLanguage('en');
    expect(translator.language).toBe('uz');
    await switching;

    expect(load).toHaveBeenCalledOnce();
    expect(changed).toHaveBeenCalledWith('en');
    expect(notified).toHaveBeenCalled();
    expect(translator.revision).toBeGreaterThan(revision);
    expect(loose(translator.t)('greeting', { name: 'Ali' })).toBe('Hi, Ali');
    // Loaded once: a second switch to it reads what is here.
    await translator.changeLanguage('uz');
    await translator.changeLanguage('en');
    expect(load).toHaveBeenCalledOnce();
  });

  it('lets the last of overlapping switches win, and a failed load still switches (texts in Uzbek)', async () => {
    const translator = createTranslator({
      language: 'uz',
      bundles: { uz: bundles.uz },
      lazy: { ru: { common: () => Promise.reject(new Error('offline')) } },
    });
    const first = translator.changeLanguage('ru');
    const second = translator.changeLanguage('en');
    await Promise.all([first, second]);
    expect(translator.language).toBe('en');

    await translator.changeLanguage('ru');
    expect(translator.language).toBe('ru');
    expect(loose(translator.t)('greeting', { name: 'Ali' })).toBe('Salom, Ali!');
  });

  it('keeps one t per language and namespace until something changes', () => {
    const translator = createTranslator({ language: 'uz', bundles });
    const t = translator.getFixedT(null, 'common');
    expect(translator.getFixedT(null, 'common')).toBe(t);
    translator.addResourceBundle('uz', 'admin', { title: 'Boshqaruv' });
    expect(translator.getFixedT(null, 'common')).not.toBe(t);
    expect(loose(translator.getFixedT('uz', 'admin'))('admin:title')).toBe('Boshqaruv');
  });
});
