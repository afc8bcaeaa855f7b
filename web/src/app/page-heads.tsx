import { useEffect } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../lib/use-translation';
import { PageHead } from '../components/seo/page-head';
import { useSite } from '../lib/site';
import type { KeysOf } from '../lib/translate';
import type { MissingPage } from './page-loaders';

export type TitleKey = KeysOf<readonly ['storefront', 'common']>;

/** The head of a page with no catalogue content of its own (cart, login, …). */
export function SimplePageHead({ titleKey, noindex = false }: { titleKey: TitleKey; noindex?: boolean }) {
  const { t } = useTranslation(['storefront', 'common']);
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <PageHead
      title={`${t(titleKey)} | ${site.shopName}`}
      description={t('seo.description')}
      path={pathname}
      noindex={noindex}
    />
  );
}

/** A 404 from the server keeps search engines out; the page itself then says what happened. */
export function MissingPageHead() {
  const loaded = useLoaderData() as MissingPage | null | undefined;
  const { t } = useTranslation('storefront');
  const site = useSite();
  const { pathname } = useLocation();
  if (!loaded?.missing) return null;
  return (
    <PageHead
      title={`${t('seo.notFound')} | ${site.shopName}`}
      description={t('seo.description')}
      path={pathname}
      noindex
    />
  );
}

/** An unknown path: 404 + noindex from the server; the app then goes to /, where the shopper can carry on. */
export function NotFoundPage() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/', { replace: true });
  }, [navigate]);
  return <MissingPageHead />;
}
