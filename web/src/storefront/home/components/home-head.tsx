import { useTranslation } from '../../../lib/use-translation';
import { PageHead } from '../../../components/seo/page-head';
import { absoluteUrl, useSite } from '../../../lib/site';

/** Home's title and preview, with the shop's WebSite (search box), FurnitureStore and Organization data. */
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
  const contacts = site.contacts;
  const social = Object.values(contacts?.social ?? {}).filter(Boolean);
  // The shop's own contacts from its settings; an unset one is left out, never made up.
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.shopName,
    url: home,
    logo: absoluteUrl(site, '/favicon.svg'),
    ...(site.shopPhone ? { telephone: site.shopPhone } : {}),
    ...(contacts?.email ? { email: contacts.email } : {}),
    ...(contacts?.address
      ? { address: { '@type': 'PostalAddress', streetAddress: contacts.address, addressCountry: 'UZ' } }
      : {}),
    ...(social.length ? { sameAs: social } : {}),
    ...(site.shopPhone || contacts?.email
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            availableLanguage: ['uz', 'ru', 'en'],
            ...(site.shopPhone ? { telephone: site.shopPhone } : {}),
            ...(contacts?.email ? { email: contacts.email } : {}),
          },
        }
      : {}),
  };
  return (
    <PageHead
      title={`${site.shopName} — ${t('home.hero.title')}`}
      description={t('seo.description')}
      path="/"
      structuredData={[website, store, organization]}
    />
  );
}
