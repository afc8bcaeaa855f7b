import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { LANGUAGES, isLanguage } from '@shop/common';
import { chooseLanguage } from '../../../lib/i18n';

const NAMES: Record<(typeof LANGUAGES)[number], string> = { uz: "O'zbekcha", en: 'English', ru: 'Русский' };

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => isLanguage(event.target.value) && void chooseLanguage(event.target.value)}
        className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
