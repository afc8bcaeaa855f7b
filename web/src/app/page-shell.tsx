import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { SiteInfo } from '@shop/common';
import { SiteContext } from '../lib/site';
import { TranslatorProvider } from '../lib/use-translation';
import type { Translator } from '../lib/translator';
import { RenderTimeContext } from '../lib/render-time';
import { Document } from './document';
import { LazyToasts } from './lazy-toasts';
import type { AppStore } from './store';
import type { PageAssets } from './page-state';

interface Props {
  store: AppStore;
  i18n: Translator;
  site: SiteInfo;
  /** The server's clock at render time; the browser forgets it once hydrated. */
  renderedAt: number | null;
  /** Runs once in the browser, after hydration (restores the session and the cart). */
  onHydrated?: () => void;
  /** The whole document (server rendering); without it the app renders into #root (vite dev). */
  document?: { assets: PageAssets; state: string };
  children: ReactNode;
}

/** The providers every page renders inside, the same on the server and in the browser. */
export function PageShell({ store, i18n, site, renderedAt, onHydrated, document, children }: Props) {
  const [renderTime, setRenderTime] = useState(renderedAt);
  useEffect(() => {
    setRenderTime(null);
    onHydrated?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);
  const page = (
    <>
      {children}
      <LazyToasts />
    </>
  );
  return (
    <Provider store={store}>
      <TranslatorProvider translator={i18n}>
        <SiteContext.Provider value={site}>
          <RenderTimeContext.Provider value={renderTime}>
            {document ? <Document {...document}>{page}</Document> : page}
          </RenderTimeContext.Provider>
        </SiteContext.Provider>
      </TranslatorProvider>
    </Provider>
  );
}
