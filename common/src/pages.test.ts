import { describe, expect, it } from 'vitest';
import { acceptedLanguages, detectLanguage, jsonForScript } from './index.js';

describe('detectLanguage', () => {
  it('takes the first supported explicit choice, then the browser, then Uzbek', () => {
    expect(detectLanguage(['ru', 'en'], ['uz'])).toBe('ru');
    expect(detectLanguage(['de', null, 'en'], ['ru'])).toBe('en');
    expect(detectLanguage([undefined], ['fr-FR', 'ru-RU'])).toBe('ru');
    expect(detectLanguage(['xx'], ['fr'])).toBe('uz');
  });
});

describe('acceptedLanguages', () => {
  it('orders by weight and drops q=0', () => {
    expect(acceptedLanguages('en;q=0.5, ru-RU, uz;q=0')).toEqual(['ru-RU', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('jsonForScript', () => {
  it('can never close its script tag and stays the same JSON', () => {
    const hostile = { name: '</script><!-- "x" \u2028\u2029 & \u200f]]>' };
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/<|>|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
