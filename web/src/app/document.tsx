import type { ReactNode } from 'react';
import { HEAD_END, HEAD_START } from '../components/seo/head';
import { marker } from '../lib/later-part';
import { PAGE_STATE_ID, type PageAssets } from './page-state';
import tapGuard from './tap-guard.js?url&no-inline';

/**
 * The whole HTML document, rendered on the server only (decision 010). The app (`root`, rendered
 * first as its own tree, the one the browser hydrates into #root) has put its head tags into
 * `head`; they go into <head> between two comments the browser finds them by. `state` is the page's
 * data for the browser, as JSON that cannot close its script tag (jsonForScript).
 */
export function Document({
  language,
  assets,
  entry,
  state,
  head,
  root,
}: {
  language: string;
  assets: PageAssets;
  /** The page's module script (src/entry-client.tsx, built). */
  entry: string;
  state: string;
  head: ReactNode[];
  root: string;
}) {
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
        {marker(HEAD_START)}
        {head}
        {marker(HEAD_END)}
      </head>
      <body className="bg-stone-50 text-stone-900 antialiased">
        <div id="root" dangerouslySetInnerHTML={{ __html: root }} />
        <script type="application/json" id={PAGE_STATE_ID} dangerouslySetInnerHTML={{ __html: state }} />
        <script type="module" src={entry} async />
      </body>
    </html>
  );
}
