import { useCallback, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { selectIsAuthenticated, setCredentials } from '../session/session-slice';
import { useMiniAppLook } from './mini-app-look';
import { useSignInWithTelegramMutation } from './telegram-auth-api';
import { setActiveWebApp, useWebApp, type TelegramWebApp } from './web-app';

const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';
/** After the shopper shares their phone, the bot needs a moment to tie it: sign-in is tried again. */
const RETRIES_AFTER_CONTACT = [1_000, 2_000, 4_000];

/** Telegram's script, fetched only here (inside Telegram); a page that already has the object keeps it. */
function loadWebApp(): Promise<TelegramWebApp | undefined> {
  if (window.Telegram?.WebApp) return Promise.resolve(window.Telegram.WebApp);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = TELEGRAM_SCRIPT;
    script.async = true;
    script.onload = () => resolve(window.Telegram?.WebApp);
    script.onerror = () => resolve(undefined);
    document.head.append(script);
  });
}

/** Telegram's BackButton on every page but home: back in the visit, else home. */
function useBackButton(webApp: TelegramWebApp | null): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!webApp) return;
    if (pathname === '/') {
      webApp.BackButton.hide();
      return;
    }
    const back = () => {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      void (index > 0 ? navigate(-1) : navigate('/'));
    };
    webApp.BackButton.onClick(back);
    webApp.BackButton.show();
    return () => webApp.BackButton.offClick(back);
  }, [webApp, pathname, navigate]);
}

/** Signs in from the launch data; answers whether Telegram's account still has to share its phone. */
function useSilentSignIn(webApp: TelegramWebApp | null) {
  const dispatch = useDispatch();
  const signedIn = useSelector(selectIsAuthenticated);
  const [signIn] = useSignInWithTelegramMutation();
  const [needsPhone, setNeedsPhone] = useState(false);
  const attempt = useCallback(async (): Promise<boolean> => {
    if (!webApp?.initData) return false;
    const result = await signIn({ initData: webApp.initData });
    if ('data' in result && result.data) {
      dispatch(setCredentials(result.data));
      setNeedsPhone(false);
      return true;
    }
    const code = (result.error as { data?: { code?: string } } | undefined)?.data?.code;
    setNeedsPhone(code === 'TELEGRAM_PHONE_NEEDED');
    return false;
  }, [webApp, signIn, dispatch]);
  useEffect(() => {
    if (webApp && !signedIn) void attempt();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per launch: a sign-out inside the Mini App stays signed out
  }, [webApp]);
  const afterContact = useCallback(async () => {
    for (const wait of RETRIES_AFTER_CONTACT) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (await attempt()) return;
    }
  }, [attempt]);
  return { needsPhone, afterContact };
}

/**
 * The storefront inside Telegram: loaded only when opened as the bot's Mini App. It takes Telegram's
 * theme and safe areas, hides the header chrome Telegram already shows, drives the BackButton, and
 * signs the shopper in from the launch data.
 */
export default function TelegramMiniApp() {
  const webApp = useWebApp();
  useEffect(() => {
    let live = true;
    void loadWebApp().then((loaded) => {
      // Opened with ?tg=1 in an ordinary browser: no launch data, so nothing changes.
      if (!live || !loaded?.initData) return;
      loaded.ready();
      loaded.expand();
      setActiveWebApp(loaded);
    });
    return () => {
      live = false;
      setActiveWebApp(null);
    };
  }, []);
  useMiniAppLook(webApp);
  useBackButton(webApp);
  const { needsPhone, afterContact } = useSilentSignIn(webApp);
  if (!webApp || !needsPhone) return null;
  return <PhonePrompt webApp={webApp} onShared={afterContact} />;
}

function PhonePrompt({ webApp, onShared }: { webApp: TelegramWebApp; onShared: () => void }) {
  const { t } = useTranslation('storefront');
  const request = webApp.requestContact?.bind(webApp);
  return (
    <div role="status" className="mx-auto max-w-7xl px-4 pt-3" data-testid="telegram-phone-prompt">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
        <p className="flex-1">{request ? t('telegram.phoneNeeded') : t('telegram.sharePhoneInBot')}</p>
        {request && (
          <button
            type="button"
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
            onClick={() => request((shared) => shared && onShared())}
          >
            {t('telegram.sharePhone')}
          </button>
        )}
      </div>
    </div>
  );
}
