import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it('prefers the stored choice over the browser', () => {
    expect(detectLanguage('ru', ['en-US'])).toBe('ru');
  });
  it('ignores an unsupported stored value and falls back to the browser language', () => {
    expect(detectLanguage('de', ['en-GB', 'ru'])).toBe('en');
  });
  it('reduces region tags to the base language', () => {
    expect(detectLanguage(null, ['ru-RU'])).toBe('ru');
    expect(detectLanguage(null, ['uz_Latn_UZ'])).toBe('uz');
  });
  it('takes the first supported browser language in order', () => {
    expect(detectLanguage(null, ['fr-FR', 'de', 'ru', 'en'])).toBe('ru');
  });
  it('falls back to Uzbek when nothing matches', () => {
    expect(detectLanguage(null, ['fr', 'de'])).toBe('uz');
    expect(detectLanguage(null, [])).toBe('uz');
  });
});
