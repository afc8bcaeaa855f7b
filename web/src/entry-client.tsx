import './index.css';
import { PAGE_STATE_ID, type PageState } from './app/page-state';

/** Resolves after the browser has painted the server's page once (a task after the next frame). */
const firstPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The page is complete without scripts (server-rendered). Its modules are already on their way
 * (app/tap-guard.js asks for them once the stylesheet is in); the app runs once the page has
 * painted, so on a slow phone its evaluation does not hold back the first paint (decision 010).
 */
async function start(): Promise<void> {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent ?? null;
  const page = text ? { text, state: JSON.parse(text) as PageState } : null;
  await firstPaint();
  const { default: hydrate } = await import('./app/hydrate');
  await hydrate(page);
}

void start();
