import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { jsonForScript, type ClientManifest, type PageRenderer } from '@shop/common';
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

/**
 * Renders one storefront page (decision 010): React Router's static handler runs the route
 * loaders (they read through the server's services into a per-request store), then React renders
 * the document; the store's cache goes with it so the browser does not ask again.
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
    const body = await renderToReadableStream(
      <PageShell
        store={store}
        i18n={translatorFor(language)}
        site={site}
        renderedAt={renderedAt}
        document={{ assets, state: jsonForScript(state) }}
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PageShell>,
      // Never outline a part (React moves a part past this size to the end of the document and
      // puts it in place with an inline script, which the CSP refuses): each is written where it is.
      { bootstrapModules: [entry], progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    // Read once everything is ready: React then writes each part in place, where reading as it
    // streams could add inline scripts that move late parts into place (the CSP allows none).
    await body.allReady;
    return { kind: 'page', status: context.statusCode, html: await new Response(body).text() };
  };
}
