import { useTranslation } from '../../lib/use-translation';
import { localizedDescription, localizedName, type Translatable } from '@shop/common';

/** A product's name and description in the shopper's language, falling back to Uzbek (decision 012). */
export function useProductText() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    language,
    name: (product: Translatable) => localizedName(product, language),
    description: (product: Translatable) => localizedDescription(product, language),
  };
}
