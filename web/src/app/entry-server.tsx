import type { ReactNode } from 'react';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { jsonForScript, type ClientManifest, type PageRenderer } from '@shop/common';
import { Document } from './document';
import { PageShell } from './page-shell';
import { createRoutes } from './routes';
import { serverLoaders } from './page-loaders';
import { makePageStore } from './store';
import { pageTextsFor, translatorFor } from './server-i18n';
import type { PageAssets, PageState } from './page-state';

export const CLIENT_ENTRY = 'src/entry-client.tsx';
/** The app itself, which the entry imports once the page has painted: preloaded with the page. */
const CLIENT_APP = 'src/app/hydrate.tsx';

/**
 * The entry's files plus those of the matched route modules, from Vite's client manifest. `app` is
 * the part every page needs (the app's start and the chunks it imports), first in `modules`.
 */
function assetsFor(manifest: ClientManifest, modules: string[]): PageAssets & { entry: string } {
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string, isImport: boolean) => {
    const chunk = manifest[key];
    if (!chunk) return;
    if (isImport) {
      if (preloads.has(`/${chunk.file}`)) return;
      preloads.add(`/${chunk.file}`);
    }
    chunk.css?.forEach((file) => styles.add(`/${file}`));
    chunk.imports?.forEach((child) => visit(child, true));
  };
  const entry = `/${manifest[CLIENT_ENTRY]?.file ?? ''}`;
  visit(CLIENT_ENTRY, false);
  visit(CLIENT_APP, true);
  preloads.delete(entry);
  const app = [...preloads];
  modules.forEach((key) => visit(key, true));
  preloads.delete(entry);
  return { entry, styles: [...styles], app, modules: [...preloads] };
}

/** The app's JSX is typed as React's; it is built on Preact (decision 027), whose renderer this is. */
type PreactNode = Parameters<typeof renderToString>[0];
const asPreact = (node: ReactNode) => node as unknown as PreactNode;

/**
 * Renders one storefront page (decision 010): React Router's static handler runs the route
 * loaders (they read through the server's services into a per-request store), then the app is
 * rendered as the tree the browser hydrates into #root (waiting for any part whose code is still
 * loading), then the document around it with the head tags the app gave; the store's cache goes
 * with it so the browser does not ask again. Read whole: no inline script (the CSP allows none).
 */
export function createPageRenderer(manifest: ClientManifest): PageRenderer {
  return async ({ url, language, site, reader }) => {
    const store = makePageStore();
    const { query, dataRoutes } = createStaticHandler(createRoutes(serverLoaders(store, reader)));
    // Concatenated, not resolved: a path like //host/x must stay a path on this shop.
    const context = await query(new Request(`${site.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const router = createStaticRouter(dataRoutes, context);
    const modules = context.matches
      .map((match) => (match.route.handle as { module?: string } | undefined)?.module)
      .filter((module): module is string => Boolean(module));
    const { entry, ...assets } = assetsFor(manifest, modules);
    const renderedAt = Date.now();
    const state: PageState = {
      cache: { api: store.getState().api },
      hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      site,
      renderedAt,
      assets,
      texts: pageTextsFor(language),
    };
    const headTags: ReactNode[] = [];
    const root = await renderToStringAsync(
      asPreact(
        <PageShell
          store={store}
          i18n={translatorFor(language)}
          site={site}
          renderedAt={renderedAt}
          headTags={headTags}
        >
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PageShell>,
      ),
    );
    const html = `<!DOCTYPE html>${renderToString(
      asPreact(
        <Document
          language={language}
          assets={assets}
          entry={entry}
          state={jsonForScript(state)}
          head={headTags}
          root={root}
        />,
      ),
    )}`;
    return { kind: 'page', status: context.statusCode, html };
  };
}
