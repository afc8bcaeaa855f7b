import { useEffect, useRef, useSyncExternalStore } from 'react';

/** The part of Telegram's `window.Telegram.WebApp` the storefront uses (Bot API 8.0 Mini Apps). */
export interface TelegramWebApp {
  initData: string;
  colorScheme: 'light' | 'dark';
  themeParams: Record<string, string | undefined>;
  safeAreaInset?: Insets;
  contentSafeAreaInset?: Insets;
  ready(): void;
  expand(): void;
  onEvent(event: string, handler: () => void): void;
  offEvent(event: string, handler: () => void): void;
  requestContact?(callback: (shared: boolean) => void): void;
  BackButton: {
    show(): void;
    hide(): void;
    onClick(handler: () => void): void;
    offClick(handler: () => void): void;
  };
  MainButton: {
    setParams(params: { text?: string; is_active?: boolean; is_visible?: boolean }): void;
    show(): void;
    hide(): void;
    onClick(handler: () => void): void;
    offClick(handler: () => void): void;
  };
}
export interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

const FLAG = 'tgMiniApp';

/**
 * Opened as the bot's Mini App: the bot's button opens `/?tg=1`; the flag is kept for the visit,
 * as the storefront's own links drop the query.
 */
export function isMiniAppLaunch(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    if (new URLSearchParams(window.location.search).get('tg') === '1') sessionStorage.setItem(FLAG, '1');
    return sessionStorage.getItem(FLAG) === '1';
  } catch {
    return new URLSearchParams(window.location.search).get('tg') === '1';
  }
}

let active: TelegramWebApp | null = null;
const listeners = new Set<() => void>();

/** Set once Telegram's script is ready and the page runs inside Telegram. */
export function setActiveWebApp(webApp: TelegramWebApp | null): void {
  active = webApp;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Telegram's Mini App object inside Telegram; null everywhere else (and on the server). */
export function useWebApp(): TelegramWebApp | null {
  return useSyncExternalStore(
    subscribe,
    () => active,
    () => null,
  );
}

/**
 * Telegram's MainButton for the page's main action while the page shows it (`action` null hides
 * it). Outside Telegram this does nothing.
 */
export function useMainButton(
  action: { text: string; onClick: () => void; disabled?: boolean } | null,
): void {
  const webApp = useWebApp();
  // Kept at render, not in an effect: Preact runs effects after the next frame, and a tap on
  // Telegram's button right after a choice on the page must see that choice.
  const latest = useRef(action);
  latest.current = action;
  const text = action?.text;
  const disabled = action?.disabled ?? false;
  useEffect(() => {
    if (!webApp || text === undefined) return;
    const click = () => latest.current?.onClick();
    webApp.MainButton.setParams({ text, is_active: !disabled, is_visible: true });
    webApp.MainButton.onClick(click);
    return () => {
      webApp.MainButton.offClick(click);
      webApp.MainButton.hide();
    };
  }, [webApp, text, disabled]);
}
