import { describe, expect, it } from 'vitest';
import { languageToRestore } from './language.js';

describe('languageToRestore', () => {
  const page = { rendered: 'uz', stored: 'ru', cookie: null, query: null };

  it('switches to the stored choice when the server only guessed', () => {
    expect(languageToRestore(page)).toBe('ru');
  });

  it('keeps the page when the cookie already told the server', () => {
    expect(languageToRestore({ ...page, cookie: 'uz' })).toBeNull();
  });

  it('keeps a language named in the address', () => {
    expect(languageToRestore({ ...page, query: 'uz' })).toBeNull();
  });

  it('keeps the page when the stored choice is the same, absent or unknown', () => {
    expect(languageToRestore({ ...page, stored: 'uz' })).toBeNull();
    expect(languageToRestore({ ...page, stored: null })).toBeNull();
    expect(languageToRestore({ ...page, stored: 'de' })).toBeNull();
  });

  it('ignores a cookie with an unknown value', () => {
    expect(languageToRestore({ ...page, cookie: 'xx' })).toBe('ru');
  });
});
