import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { SiteInfo } from '@shop/common';
import { SiteContext } from '../lib/site';
import { TranslatorProvider } from '../lib/use-translation';
import type { Translator } from '../lib/translator';
import { RenderTimeContext } from '../lib/render-time';
import { laterPartsLoaded } from '../lib/later-part';
import { HeadTagsContext } from '../components/seo/head';
import { LazyToasts } from './lazy-toasts';
import type { AppStore } from './store';

interface Props {
  store: AppStore;
  i18n: Translator;
  site: SiteInfo;
  /** The server's clock at render time; the browser forgets it once every part has hydrated. */
  renderedAt: number | null;
  /** Runs once in the browser, when the page is hydrated (its parts' code may still be coming). */
  onHydrated?: () => void;
  /** Runs once in the browser, when every part of the page is hydrated too. */
  onSettled?: () => void;
  /** On the server: where the page's head tags are collected (components/seo/head.tsx). */
  headTags?: ReactNode[];
  children: ReactNode;
}

/** The providers every page renders inside, the same on the server and in the browser (#root). */
export function PageShell({
  store,
  i18n,
  site,
  renderedAt,
  onHydrated,
  onSettled,
  headTags,
  children,
}: Props) {
  const [renderTime, setRenderTime] = useState(renderedAt);
  // At the commit that hydrates the page, not in the passive effects run a frame later: from the
  // commit its handlers answer taps.
  useLayoutEffect(() => {
    onHydrated?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);
  useEffect(() => {
    // A part whose code was still coming hydrates when it arrives, with what the server rendered
    // from (hydration leaves attributes as the server wrote them): the render time, the store
    // before the stored session and cart. Both change only once every part is in.
    let active = true;
    void laterPartsLoaded().then(() => active && setRenderTime(null));
    return () => {
      active = false;
    };
  }, []);
  const settled = renderTime === null;
  useEffect(() => {
    if (settled) onSettled?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when every part is hydrated
  }, [settled]);
  return (
    <Provider store={store}>
      <TranslatorProvider translator={i18n}>
        <SiteContext.Provider value={site}>
          <RenderTimeContext.Provider value={renderTime}>
            <HeadTagsContext.Provider value={headTags ?? null}>
              {children}
              <LazyToasts />
            </HeadTagsContext.Provider>
          </RenderTimeContext.Provider>
        </SiteContext.Provider>
      </TranslatorProvider>
    </Provider>
  );
}
