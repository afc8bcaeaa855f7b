import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createTranslator } from './translator';
import { TranslatorProvider, useTranslation } from './use-translation';

function Label() {
  const { t, i18n } = useTranslation('common');
  return (
    <p lang={i18n.language}>
      {t('nav.language')} / {t('admin:nav.dashboard' as never)}
    </p>
  );
}

describe('useTranslation', () => {
  it('renders again when the language changes and when texts are added', async () => {
    const translator = createTranslator({
      language: 'uz',
      bundles: { uz: { common: { nav: { language: 'Til' } } } },
      lazy: { ru: { common: async () => ({ default: { nav: { language: 'Язык' } } }) } },
    });
    render(
      <TranslatorProvider translator={translator}>
        <Label />
      </TranslatorProvider>,
    );
    expect(screen.getByText('Til / nav.dashboard')).toHaveAttribute('lang', 'uz');

    await act(() => translator.changeLanguage('ru'));
    expect(screen.getByText('Язык / nav.dashboard')).toHaveAttribute('lang', 'ru');

    act(() => translator.addResourceBundle('ru', 'admin', { nav: { dashboard: 'Панель' } }));
    expect(screen.getByText('Язык / Панель')).toBeInTheDocument();
  });
});
