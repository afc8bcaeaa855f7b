import { useTranslation } from '../../../lib/use-translation';
import { PageHead } from '../../../components/seo/page-head';
import { absoluteUrl, useSite } from '../../../lib/site';

/** Home's title and preview, with the shop's WebSite (search box) and FurnitureStore data. */
export function HomeHead() {
  const { t } = useTranslation('storefront');
  const site = useSite();
  const home = absoluteUrl(site, '/');
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.shopName,
    url: home,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${site.publicUrl}/products?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
  const store = {
    '@context': 'https://schema.org',
    '@type': 'FurnitureStore',
    name: site.shopName,
    url: home,
    logo: absoluteUrl(site, '/favicon.svg'),
    ...(site.shopPhone ? { telephone: site.shopPhone } : {}),
  };
  return (
    <PageHead
      title={`${site.shopName} — ${t('home.hero.title')}`}
      description={t('seo.description')}
      path="/"
      structuredData={[website, store]}
    />
  );
}
