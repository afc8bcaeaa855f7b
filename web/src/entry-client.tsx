import './index.css';
// The tap guard's file is written by this build too: the server's document names it (app/document.tsx).
import './app/tap-guard.js?url&no-inline';
import { PAGE_STATE_ID, type PageState } from './app/page-state';

/** Resolves after the browser has painted the server's page once (a task after the next frame). */
const firstPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Asks for the page's own modules (its route chunks) alongside the app, not one after the other.
 * The tap guard has usually asked for them at the paint already: adding each link again cost the
 * slow phone's main thread ~55 ms (4× CPU) for nothing.
 */
function preload(modules: readonly string[]): void {
  const asked = new Set(
    Array.from(
      document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      (link) => link.href,
    ),
  );
  for (const href of modules) {
    if (asked.has(new URL(href, document.baseURI).href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The page is complete without scripts (server-rendered). The tap guard has asked for the app's
 * modules (~120 KB brotli) as the stylesheet arrived; the app is started once the page has painted,
 * so on a slow phone its evaluation does not hold up the first paint (decisions 010 and 027).
 */
async function start(): Promise<void> {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent ?? null;
  const state = text ? (JSON.parse(text) as PageState) : null;
  await firstPaint();
  if (state) preload(state.assets.modules);
  const { default: hydrate } = await import('./app/hydrate');
  await hydrate(state);
}

void start();
