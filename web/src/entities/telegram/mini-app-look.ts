import { useEffect } from 'react';
import type { Insets, TelegramWebApp } from './web-app';

/** The class that switches the storefront's colours, chrome and padding to Telegram's (index.css). */
export const MINI_APP_CLASS = 'tg-mini-app';

const px = (value: number | undefined) => `${value ?? 0}px`;
const sum = (a: Insets | undefined, b: Insets | undefined, side: keyof Insets) =>
  (a?.[side] ?? 0) + (b?.[side] ?? 0);

/** Telegram's theme as CSS variables (`--tg-theme-bg-color`…, as Telegram's own script names them). */
function applyTheme(webApp: TelegramWebApp): void {
  const root = document.documentElement.style;
  for (const [key, value] of Object.entries(webApp.themeParams)) {
    if (value) root.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
  }
  root.colorScheme = webApp.colorScheme;
  document.documentElement.dataset.tgScheme = webApp.colorScheme;
}

/** The device's insets (notch, home bar) plus Telegram's own controls over the page. */
function applySafeAreas(webApp: TelegramWebApp): void {
  const root = document.documentElement.style;
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    root.setProperty(`--tg-safe-${side}`, px(sum(webApp.safeAreaInset, webApp.contentSafeAreaInset, side)));
  }
}

/** Telegram's colours (light or dark, following its changes), its safe areas, and no duplicated chrome. */
export function useMiniAppLook(webApp: TelegramWebApp | null): void {
  useEffect(() => {
    if (!webApp) return;
    const theme = () => applyTheme(webApp);
    const insets = () => applySafeAreas(webApp);
    theme();
    insets();
    document.documentElement.classList.add(MINI_APP_CLASS);
    webApp.onEvent('themeChanged', theme);
    webApp.onEvent('safeAreaChanged', insets);
    webApp.onEvent('contentSafeAreaChanged', insets);
    return () => {
      webApp.offEvent('themeChanged', theme);
      webApp.offEvent('safeAreaChanged', insets);
      webApp.offEvent('contentSafeAreaChanged', insets);
      document.documentElement.classList.remove(MINI_APP_CLASS);
    };
  }, [webApp]);
}
