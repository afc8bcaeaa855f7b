import { FakeBotApi } from '../../server/src/test/fake-bot-api';
import { signInitData } from '../../server/src/test/telegram';
import { expect, test, uniquePhone } from '../fixtures';
import { BOT_API_PORT, BOT_TOKEN, WEBHOOK_SECRET } from './telegram-config';

const botApi = new FakeBotApi();
test.beforeAll(async () => {
  await botApi.start(BOT_API_PORT);
});
test.afterAll(async () => {
  await botApi.stop();
});

const DARK = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
};

/**
 * A stand-in for `window.Telegram.WebApp` (what Telegram's script gives a Mini App): the theme,
 * the launch data, and Back/Main buttons that remember their state and handlers for the test.
 */
function standInWebApp({
  initData,
  theme,
  contact,
}: {
  initData: string;
  theme: Record<string, string>;
  /** What `requestContact` shares: Telegram posts the contact to the bot's webhook, then answers true. */
  contact?: { update: unknown; secret: string };
}) {
  type Handler = () => void;
  const button = () => ({
    text: '',
    isVisible: false,
    isActive: true,
    handlers: [] as Handler[],
    setParams(params: { text?: string; is_active?: boolean; is_visible?: boolean }) {
      if (params.text !== undefined) this.text = params.text;
      if (params.is_active !== undefined) this.isActive = params.is_active;
      if (params.is_visible !== undefined) this.isVisible = params.is_visible;
    },
    show() {
      this.isVisible = true;
    },
    hide() {
      this.isVisible = false;
    },
    onClick(handler: Handler) {
      this.handlers.push(handler);
    },
    offClick(handler: Handler) {
      this.handlers = this.handlers.filter((each) => each !== handler);
    },
  });
  Object.assign(window, {
    Telegram: {
      WebApp: {
        initData,
        colorScheme: 'dark',
        themeParams: theme,
        safeAreaInset: { top: 0, bottom: 34, left: 0, right: 0 },
        contentSafeAreaInset: { top: 46, bottom: 0, left: 0, right: 0 },
        ready() {},
        expand() {},
        onEvent() {},
        offEvent() {},
        BackButton: button(),
        MainButton: button(),
        requestContact(callback: (shared: boolean) => void) {
          if (!contact) return callback(false);
          void fetch('/api/telegram/webhook', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-telegram-bot-api-secret-token': contact.secret,
            },
            body: JSON.stringify(contact.update),
          }).then(() => callback(true));
        },
      },
    },
  });
}

/** The update Telegram posts when a user shares their own contact with the bot. */
function contactUpdate(from: { id: number; first_name: string }, phone: string) {
  return {
    update_id: Math.floor(Math.random() * 1e9),
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private' },
      from: { ...from, is_bot: false },
      contact: { phone_number: phone.slice(1), first_name: from.first_name, user_id: from.id },
    },
  };
}

type StandIn = {
  Telegram: {
    WebApp: {
      MainButton: { text: string; isVisible: boolean; handlers: (() => void)[] };
      BackButton: { isVisible: boolean };
    };
  };
};

test('inside Telegram the storefront takes its theme, signs in from the launch data, and orders with the MainButton', async ({
  page,
  request,
}) => {
  test.slow();
  const telegramId = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  const phone = uniquePhone();
  const from = {
    id: telegramId,
    first_name: 'Sardor',
    last_name: 'Aliev',
    language_code: 'en',
    is_bot: false,
  };
  // The shopper shares their phone with the bot (as Telegram would post it to the webhook).
  const linked = await request.post('/api/telegram/webhook', {
    headers: { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
    data: contactUpdate(from, phone),
  });
  expect(linked.status()).toBe(200);
  expect(botApi.messages.some((sent) => sent.text.includes(`${phone} is linked`))).toBe(true);

  const user = JSON.stringify({ id: telegramId, first_name: 'Sardor', language_code: 'en' });
  const initData = signInitData(
    { user, auth_date: String(Math.floor(Date.now() / 1000)), query_id: 'AAE2e' },
    BOT_TOKEN,
  );
  await page.addInitScript(standInWebApp, { initData, theme: DARK });

  await page.goto('/?tg=1');
  await expect(page.locator('html.tg-mini-app')).toHaveCount(1);
  // Telegram's dark theme is the page's; the shop name Telegram's header already shows is hidden.
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
    .toBe('rgb(23, 33, 43)');
  await expect(page.locator('header [data-mini-app-hidden]')).toBeHidden();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingTop)).toBe('46px');
  // Signed in silently as the account of the shared phone.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  const mini = () => page.evaluate(() => (window as unknown as StandIn).Telegram.WebApp);
  expect((await mini()).BackButton.isVisible).toBe(false);

  await page.goto('/products?search=kreslo');
  await page.getByRole('link', { name: 'Ergonomic office chair' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ergonomic office chair');
  await expect.poll(async () => (await mini()).BackButton.isVisible).toBe(true);
  await expect.poll(async () => (await mini()).MainButton.text).toBe('Add to cart');
  await page.getByText('Black', { exact: true }).click();
  await page.evaluate(() =>
    (window as unknown as StandIn).Telegram.WebApp.MainButton.handlers.forEach((click) => click()),
  );
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect.poll(async () => (await mini()).MainButton.text).toBe('Proceed to checkout');
  await page.evaluate(() =>
    (window as unknown as StandIn).Telegram.WebApp.MainButton.handlers.forEach((click) => click()),
  );
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await expect(dialog.getByLabel('Full name')).toHaveValue('Sardor Aliev');
  await expect(dialog.getByLabel('Phone number')).toHaveValue(phone);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}/);
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';

  // The order's news reaches the shopper's chat, with a button back to the order.
  await expect
    .poll(() => botApi.messages.find((sent) => sent.text.includes(`${orderNumber} is received`))?.chatId)
    .toBe(String(telegramId));
});

test('a Telegram account without a phone is asked for it, and is signed in once it shares it', async ({
  page,
}) => {
  const from = {
    id: 900_000_000 + Math.floor(Math.random() * 90_000_000),
    first_name: 'Nodira',
    language_code: 'en',
  };
  const phone = uniquePhone();
  const initData = signInitData(
    { user: JSON.stringify(from), auth_date: String(Math.floor(Date.now() / 1000)) },
    BOT_TOKEN,
  );
  await page.addInitScript(standInWebApp, {
    initData,
    theme: DARK,
    contact: { update: contactUpdate(from, phone), secret: WEBHOOK_SECRET },
  });
  await page.goto('/?tg=1');
  const prompt = page.getByTestId('telegram-phone-prompt');
  await expect(prompt).toContainText('Share your phone number with the bot');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await prompt.getByRole('button', { name: 'Share my number' }).click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toContain(phone);
});
