import { useTranslation } from 'react-i18next';

/** An order's date and time in the shopper's language (Uzbek in its Latin script). */
export function useOrderDateFormat(): Intl.DateTimeFormat {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language === 'uz' ? 'uz-Latn' : i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
