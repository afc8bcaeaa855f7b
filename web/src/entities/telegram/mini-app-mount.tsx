import { lazy, Suspense, useEffect, useState } from 'react';
import { isMiniAppLaunch } from './web-app';

const TelegramMiniApp = lazy(() => import('./telegram-mini-app'));

/** Loads the Mini App's code only when the page was opened as the bot's Mini App; elsewhere nothing. */
export function MiniAppMount() {
  // Decided after hydration: the server renders every page as an ordinary one.
  const [inTelegram, setInTelegram] = useState(false);
  useEffect(() => setInTelegram(isMiniAppLaunch()), []);
  if (!inTelegram) return null;
  return (
    <Suspense fallback={null}>
      <TelegramMiniApp />
    </Suspense>
  );
}
