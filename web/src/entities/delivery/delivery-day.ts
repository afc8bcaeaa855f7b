import { useTranslation } from 'react-i18next';
import { formatShopDay } from '@shop/common';

/** A delivery day ("27 Nov, Fri") in the reader's language, Uzbek in its Latin script. */
export function useDeliveryDay(): (day: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'uz' ? 'uz-Latn' : i18n.language;
  return (day) => formatShopDay(day, locale, { day: 'numeric', month: 'short', weekday: 'short' });
}
