import { useTranslation } from '../../../lib/use-translation';
import { PageHead } from '../../../components/seo/page-head';
import { useSite } from '../../../lib/site';
import { toSearchParams, type ListingParams } from '../lib/listing-params';

/**
 * The listing's title and preview. Its canonical address keeps what selects the products
 * (category, new/sale, page) and drops the order and the search text.
 */
export function ListingHead({ applied, title }: { applied: ListingParams; title: string }) {
  const { t } = useTranslation('storefront');
  const site = useSite();
  const query = toSearchParams({ ...applied, search: '', sort: 'newest', status: 'active' }).toString();
  // A search names its words in the tab and the history, where every search would otherwise read alike.
  const searched = applied.search.trim();
  const pageTitle = searched ? t('seo.searchTitle', { query: searched, page: title }) : title;
  return (
    <PageHead
      title={`${pageTitle} | ${site.shopName}`}
      description={t('seo.listingDescription', { name: title })}
      path={`/products${query ? `?${query}` : ''}`}
    />
  );
}
