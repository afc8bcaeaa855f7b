import { StrictMode, startTransition } from 'react';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** Lets the browser paint and handle input between the stages below. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code is compiled and evaluated in three stages (i18n, React DOM, the app itself)
 * instead of one long task; vite.config.ts preloads all of it with the entry. Meanwhile the
 * static first paint of index.html shows.
 */
async function start(container: HTMLElement) {
  const { i18nReady } = await import('./lib/i18n');
  await yieldToMain();
  const { createRoot } = await import('react-dom/client');
  await yieldToMain();
  const { App, takeBootProducts } = await import('./app/provider');
  takeBootProducts();
  // Render once the chosen language is loaded, so no Uzbek text flashes before English or
  // Russian. The first render is a transition: React renders in small slices.
  await i18nReady.catch(() => undefined);
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start(root);
