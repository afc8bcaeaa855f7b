import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { PAGE_STATE_ID, type PageAssets } from './page-state';
import tapGuard from './tap-guard.js?url&no-inline';

/**
 * The whole HTML document, rendered by React on the server and hydrated as a whole in the browser,
 * so React 19 can place each page's <title>, <meta> and <link> tags in <head>. `state` is the
 * page's data for the browser, as JSON that cannot close its script tag (jsonForScript).
 */
export function Document({
  assets,
  state,
  children,
}: {
  assets: PageAssets;
  state: string;
  children: ReactNode;
}) {
  const { language } = useTranslation().i18n;
  return (
    <html lang={language} data-language={language}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#1e3a8a" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {/* Before the stylesheet, so it runs before the first paint: no tap is lost meanwhile. */}
        <script src={tapGuard} data-app={assets.app.join(' ')} data-modules={assets.modules.join(' ')} />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="bg-stone-50 text-stone-900 antialiased">
        <div id="root">{children}</div>
        <script type="application/json" id={PAGE_STATE_ID} dangerouslySetInnerHTML={{ __html: state }} />
      </body>
    </html>
  );
}
