import { useTranslation } from '../../lib/use-translation';
import { jsonForScript, LANGUAGES, OG_LOCALES, type Language } from '@shop/common';
import { absoluteUrl, useSite } from '../../lib/site';
import { Head } from './head';

export interface PageHeadProps {
  /** The whole <title>. */
  title: string;
  description: string;
  /** The page's path and query in Uzbek (no `lang`), e.g. `/products?category=office`. */
  path: string;
  /** Full-size image path or URL; the shop's icon when absent. */
  image?: string | null;
  type?: 'website' | 'product';
  /** The price paid now, in so'm (product pages). */
  price?: number;
  noindex?: boolean;
  /** Schema.org objects, each written as its own JSON-LD block. */
  structuredData?: object[];
}

/** `path` in `language`: Uzbek has no `lang` parameter, Russian and English carry `?lang=`. */
export function pathIn(path: string, language: Language): string {
  if (language === 'uz') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
}

const DESCRIPTION_MAX = 200;
const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
};

/**
 * The head of one page (decision 010): `Head` puts these tags into <head>, both in the server's HTML
 * and on every navigation in the browser, and removes them when the page leaves. The JSON-LD
 * blocks stay in the page, where React 19 left them too.
 */
export function PageHead({
  title,
  description,
  path,
  image,
  type = 'website',
  price,
  noindex = false,
  structuredData = [],
}: PageHeadProps) {
  const site = useSite();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const url = absoluteUrl(site, pathIn(path, language));
  const text = shorten(description);
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="description" content={text} />
        {noindex && <meta name="robots" content="noindex" />}
        {!noindex && <link rel="canonical" href={url} />}
        {!noindex &&
          LANGUAGES.map((other) => (
            <link
              key={other}
              rel="alternate"
              hrefLang={other}
              href={absoluteUrl(site, pathIn(path, other))}
            />
          ))}
        {!noindex && <link rel="alternate" hrefLang="x-default" href={absoluteUrl(site, path)} />}
        <meta property="og:type" content={type} />
        <meta property="og:site_name" content={site.shopName} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={text} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={absoluteUrl(site, image || '/favicon.svg')} />
        <meta property="og:locale" content={OG_LOCALES[language] ?? OG_LOCALES.uz} />
        {price !== undefined && <meta property="product:price:amount" content={String(price)} />}
        {price !== undefined && <meta property="product:price:currency" content="UZS" />}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={text} />
        <meta name="twitter:image" content={absoluteUrl(site, image || '/favicon.svg')} />
      </Head>
      {structuredData.map((data, index) => (
        <script
          key={index}
          type="application/ld+json"
          // jsonForScript: no text inside can close this script tag (`</script>`, `<!--`).
          dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
        />
      ))}
    </>
  );
}
