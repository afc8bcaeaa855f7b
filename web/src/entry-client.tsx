import './index.css';
import { PAGE_STATE_ID, type PageState } from './app/page-state';

/** Longest the app waits for the main picture: a picture stuck on a slow network must not keep the page inert. */
const PICTURE_WAIT_MS = 2_000;

/**
 * Waits until the server's page has painted its largest element: the picture a page marks
 * `fetchpriority="high"`, else the text of the first frame.
 */
async function pagePainted(): Promise<void> {
  const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (picture && !picture.complete) {
    await Promise.race([
      new Promise((resolve) => {
        picture.addEventListener('load', resolve, { once: true });
        picture.addEventListener('error', resolve, { once: true });
      }),
      new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS)),
    ]);
  }
  // A frame painted with it, then a task after that frame.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Asks for the page's own modules (its route chunks) alongside the app, not one after the other. */
function preload(modules: readonly string[]): void {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The page is complete without scripts (server-rendered); the app (~140 KB gzip) is asked for only
 * once the page has painted, so the stylesheet, the document and the main picture have the
 * network and the CPU to themselves on a slow phone (decision 010).
 */
async function start(): Promise<void> {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent ?? null;
  const page = text ? { text, state: JSON.parse(text) as PageState } : null;
  await pagePainted();
  if (page) preload(page.state.assets.modules);
  const { default: hydrate } = await import('./app/hydrate');
  await hydrate(page);
}

void start();
