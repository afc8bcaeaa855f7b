import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyDocument } from '@shop/common';
import { privacyOf } from '../../config/privacy-text.js';
import { WEB_DIST_DIR } from '../../test/global-setup.js';
import { buildTestShop, type TestShop } from '../../test/test-app.js';

const page = (body: string) => new JSDOM(body).window.document;

/** /privacy and the sign-up form: the privacy text of the shop's settings in the HTML, before any script. */
describe('the privacy text on server-rendered pages', () => {
  let shop: TestShop;
  let privacy: PrivacyDocument;
  beforeAll(async () => {
    shop = await buildTestShop({ webDistDir: WEB_DIST_DIR });
    privacy = privacyOf(shop.config);
  });
  afterAll(() => shop.close());

  it('renders /privacy in the chosen language, as the API states it, with its version', async () => {
    for (const language of ['uz', 'ru', 'en'] as const) {
      const response = await shop.app.inject({ url: `/privacy?lang=${language}` });
      expect(response.statusCode, language).toBe(200);
      const doc = page(response.body);
      const [title, operator] = privacy.text[language].split('\n\n');
      expect(doc.documentElement.lang).toBe(language);
      expect(doc.querySelector('main h1')?.textContent, language).toBe(title);
      expect(doc.querySelector('main article')?.textContent, language).toContain(operator);
      expect(doc.querySelector('main article')?.textContent, language).toContain(shop.config.invoice.tin!);
      expect(doc.querySelectorAll('main article h2').length, language).toBeGreaterThanOrEqual(4);
      expect(doc.querySelector('main article')?.textContent).toContain(privacy.version);
    }
    const api = await shop.app.inject({ url: '/api/privacy' });
    expect(api.json()).toEqual(privacy);
  });

  it('links /privacy from every page footer, and shows the consent by the sign-up button', async () => {
    const home = page((await shop.app.inject({ url: '/?lang=en' })).body);
    expect(home.querySelector('footer a[href="/privacy"]')?.textContent).toBe('Personal data');
    const signup = page((await shop.app.inject({ url: '/signup?lang=ru' })).body);
    const notice = signup.querySelector('[data-testid="consent-notice"]');
    expect(notice?.textContent).toContain('Регистрируясь, вы соглашаетесь');
    expect(notice?.querySelector('a[href="/privacy"]')).not.toBeNull();
    expect(notice?.textContent).toContain(privacy.text.ru.split('\n\n')[1]);
  });
});
