import type { HydrationState } from 'react-router';
import type { SiteInfo } from '@shop/common';
import type { PageTexts } from '../lib/i18n';

/** The built files a page needs before it runs: its styles and the modules to preload. */
export interface PageAssets {
  styles: string[];
  /** The app's own modules, the same on every page (most of the bytes): the start of `modules`. */
  app: string[];
  /** Every module the page runs: the app's, then its route's. */
  modules: string[];
}

/** The id of the `<script type="application/json">` that carries the page state. */
export const PAGE_STATE_ID = 'page-state';

/** What a server-rendered page hands the browser (in <script id="page-state">). */
export interface PageState {
  /** The store's RTK Query cache, as the loaders filled it. */
  cache: Record<string, unknown>;
  /** The router's loader results (404 marks), so the browser does not run the loaders again. */
  hydration: HydrationState;
  site: SiteInfo;
  renderedAt: number;
  assets: PageAssets;
  /** The page's language texts (common, storefront): the first load fetches none. */
  texts: PageTexts;
}
