import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

const clearCookie = () => {
  document.cookie = 'language=; path=/; max-age=0';
};

/**
 * i18n reads the page, the cookie and localStorage once, when the module loads: a fresh one per
 * case, with the hook of the same load (its default translator is that page's).
 */
async function loadPage({ stored, cookie }: { stored: string; cookie?: string }) {
  vi.resetModules();
  document.documentElement.dataset.language = 'uz';
  localStorage.setItem('language', stored);
  if (cookie) document.cookie = `language=${cookie}; path=/`;
  const module = await import('./i18n');
  await module.loadPageTexts();
  const { useTranslation } = await import('./use-translation');
  function NavLabel() {
    const { t } = useTranslation('common');
    return <p>{t('nav.language')}</p>;
  }
  return { ...module, NavLabel };
}

describe('the stored language at hydration', () => {
  afterEach(() => {
    clearCookie();
    delete document.documentElement.dataset.language;
  });

  it('switches a page the server guessed to the stored language and sets the cookie', async () => {
    const { default: i18n, restoreStoredLanguage, NavLabel } = await loadPage({ stored: 'ru' });
    render(<NavLabel />);
    // Hydration happens in the server's language, so nothing is switched before it.
    expect(i18n.language).toBe('uz');
    expect(document.cookie).not.toContain('language=');
    await act(() => restoreStoredLanguage());
    expect(i18n.language).toBe('ru');
    expect(await screen.findByText('Язык')).toBeInTheDocument();
    expect(document.cookie).toContain('language=ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem('language')).toBe('ru');
  });

  it('keeps a language picked on the page at once, before its texts have arrived', async () => {
    const { default: i18n, chooseLanguage } = await loadPage({ stored: 'uz', cookie: 'uz' });
    const switched = chooseLanguage('en');
    // A reload now (the texts still on their way) must find the pick.
    expect(document.cookie).toContain('language=en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(i18n.language).toBe('uz');
    await switched;
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps the page language when the cookie already names it', async () => {
    const { default: i18n, restoreStoredLanguage } = await loadPage({ stored: 'ru', cookie: 'uz' });
    await restoreStoredLanguage();
    expect(i18n.language).toBe('uz');
    expect(document.cookie).toContain('language=uz');
  });
});
