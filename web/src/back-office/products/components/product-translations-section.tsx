import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PRODUCT_TEXT_LIMITS, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@shop/common';
import { fieldError, input, label } from '../../components/styles';
import type { ProductFormValues } from '../lib/product-form-model';

type Translations = ProductFormValues['translations'];

export interface ProductTranslationsSectionProps {
  values: ProductFormValues;
  /** Element ids of the form, so the Uzbek fields keep the ids its error focus looks for. */
  id: (name: string) => string;
  error: (key: 'name' | 'description') => string | undefined;
  onMainChange: (key: 'name' | 'description', value: string) => void;
  onTranslationChange: (translations: Translations) => void;
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 p-3">
      <h4 className="text-sm font-semibold text-stone-900">{title}</h4>
      {children}
    </div>
  );
}

/**
 * Name and description in the three languages side by side: Uzbek (the main text, required) and
 * Russian and English, which the storefront shows instead when filled (decision 012).
 */
export function ProductTranslationsSection({
  values,
  id,
  error,
  onMainChange,
  onTranslationChange,
}: ProductTranslationsSectionProps) {
  const { t } = useTranslation('admin');
  const change = (language: TranslatedLanguage, field: 'name' | 'description', text: string) =>
    onTranslationChange({
      ...values.translations,
      [language]: { ...values.translations[language], [field]: text },
    });
  const invalid = (key: 'name' | 'description') =>
    error(key) ? { 'aria-invalid': true as const, 'aria-describedby': `${id(key)}-error` } : {};

  return (
    <section aria-labelledby={id('languages')} className="space-y-2">
      <h3 id={id('languages')} className="text-base font-semibold">
        {t('productForm.languages.title')}
      </h3>
      <p className="text-sm text-stone-600">{t('productForm.languages.hint')}</p>
      <div className="grid gap-3 lg:grid-cols-3">
        <Column title={t('productForm.languages.uz')}>
          <div>
            <label htmlFor={id('name')} className={label}>
              {t('productForm.name')}
              <span aria-hidden="true" className="text-red-700">
                {' '}
                *
              </span>
            </label>
            <input
              id={id('name')}
              className={input}
              value={values.name}
              maxLength={PRODUCT_TEXT_LIMITS.name}
              onChange={(e) => onMainChange('name', e.target.value)}
              required
              {...invalid('name')}
            />
            {error('name') && (
              <p id={`${id('name')}-error`} className={fieldError}>
                {error('name')}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={id('description')} className={label}>
              {t('productForm.description')}
              <span aria-hidden="true" className="text-red-700">
                {' '}
                *
              </span>
            </label>
            <textarea
              id={id('description')}
              className={input}
              rows={5}
              value={values.description}
              maxLength={PRODUCT_TEXT_LIMITS.description}
              onChange={(e) => onMainChange('description', e.target.value)}
              required
              {...invalid('description')}
            />
            {error('description') && (
              <p id={`${id('description')}-error`} className={fieldError}>
                {error('description')}
              </p>
            )}
          </div>
        </Column>
        {TRANSLATED_LANGUAGES.map((language) => (
          <TranslatedColumn key={language} language={language} values={values} id={id} onChange={change} />
        ))}
      </div>
    </section>
  );
}

/** Russian or English: optional, the Uzbek text shows where they are empty. */
function TranslatedColumn({
  language,
  values,
  id,
  onChange,
}: {
  language: TranslatedLanguage;
  values: ProductFormValues;
  id: (name: string) => string;
  onChange: (language: TranslatedLanguage, field: 'name' | 'description', text: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Column title={t(`productForm.languages.${language}`)}>
      <div>
        <label htmlFor={id(`${language}-name`)} className={label}>
          {t('productForm.languages.name', { language: t(`productForm.languages.${language}`) })}
        </label>
        <input
          id={id(`${language}-name`)}
          className={input}
          lang={language}
          value={values.translations[language].name}
          maxLength={PRODUCT_TEXT_LIMITS.name}
          placeholder={values.name}
          onChange={(e) => onChange(language, 'name', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={id(`${language}-description`)} className={label}>
          {t('productForm.languages.description', { language: t(`productForm.languages.${language}`) })}
        </label>
        <textarea
          id={id(`${language}-description`)}
          className={input}
          lang={language}
          rows={5}
          value={values.translations[language].description}
          maxLength={PRODUCT_TEXT_LIMITS.description}
          onChange={(e) => onChange(language, 'description', e.target.value)}
        />
      </div>
    </Column>
  );
}
