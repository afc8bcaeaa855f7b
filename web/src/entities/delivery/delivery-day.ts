import { useTranslation } from '../../lib/use-translation';
import { formatShopDay } from '@shop/common';

/** A delivery day ("30-noyabr", "30 нояб.", "Nov 30") in the reader's language. */
export function useDeliveryDay(): (day: string) => string {
  const { i18n } = useTranslation();
  return (day) => formatShopDay(day, i18n.language);
}
