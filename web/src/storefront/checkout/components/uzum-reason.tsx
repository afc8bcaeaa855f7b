import { apiProviderReason } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';

/**
 * Uzum Nasiya's own words when it refused (its limit, its verdict on the buyer): the shop's sentence
 * above is in the shopper's language, Uzum's reason is quoted as Uzum wrote it.
 */
export function UzumReason({ error }: { error: unknown }) {
  const { t } = useTranslation('storefront');
  const reason = apiProviderReason(error);
  if (!reason) return null;
  return (
    <p className="text-sm text-stone-700" data-testid="uzum-reason">
      {t('instalments.uzumSays')} <q>{reason}</q>
    </p>
  );
}
