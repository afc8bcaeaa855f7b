import { startTransition, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
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
  /** Runs once in the browser, when the page's frame is hydrated (restores the session and the cart). */
  onHydrated?: () => void;
  /** Runs once in the browser, when every part of the page is hydrated too. */
  onSettled?: () => void;
  /** The whole document (server rendering); without it the app renders into #root (vite dev). */
  document?: { assets: PageAssets; state: string };
  children: ReactNode;
}

/** The providers every page renders inside, the same on the server and in the browser. */
export function PageShell({
  store,
  i18n,
  site,
  renderedAt,
  onHydrated,
  onSettled,
  document,
  children,
}: Props) {
  const [renderTime, setRenderTime] = useState(renderedAt);
  // What the server rendered from: the parts still hydrating read it, not the store's later state.
  const [serverState] = useState(() => (document ? store.getState() : undefined));
  // At the commit that hydrates the frame, not in the passive effects React runs a task or a frame
  // later (7–46 ms at 4× CPU): from the commit the frame's handlers answer taps.
  useLayoutEffect(() => {
    onHydrated?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);
  useEffect(() => {
    // A change of context above a part still hydrating (the page, the footer: storefront-layout)
    // makes React hydrate that part first: as a transition, the work yields to the shopper's taps.
    startTransition(() => setRenderTime(null));
  }, []);
  const settled = renderTime === null;
  useEffect(() => {
    if (settled) onSettled?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when every part is hydrated
  }, [settled]);
  const page = (
    <>
      {children}
      <LazyToasts />
    </>
  );
  return (
    <Provider store={store} serverState={serverState}>
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
