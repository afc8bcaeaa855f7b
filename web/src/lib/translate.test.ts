import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { apiErrorMessage } from './api-error';
import { fieldErrorText, type FieldError } from './form-errors';
import type { StorefrontKey } from './translate';

/**
 * Keys are typed from the `en` locale (lib/translate.ts): each `@ts-expect-error` below fails
 * `npm run typecheck` the day a wrong key compiles again. The runtime lines keep the file honest.
 */
describe('typed translation keys', () => {
  it('a key the locale lacks is a type error', async () => {
    await i18n.loadLanguage('uz');
    const t = i18n.getFixedT('uz', 'storefront');
    expect(t('cart.title')).not.toBe('cart.title');
    // @ts-expect-error `cart.titel` is not a storefront key.
    expect(t('cart.titel')).toBe('cart.titel');
  });

  it('a `common:` key needs `common` among the namespaces of the t', async () => {
    await i18n.loadLanguage('uz');
    const both = i18n.getFixedT('uz', ['storefront', 'common']);
    expect(both('common:actions.retry')).not.toBe('actions.retry');
    const storefrontOnly = i18n.getFixedT('uz', 'storefront');
    // @ts-expect-error a storefront-only t does not take common keys.
    expect(storefrontOnly('common:actions.retry')).toBeTypeOf('string');
  });

  it("helpers check their keys against the caller's t", async () => {
    await i18n.loadLanguage('uz');
    const t = i18n.getFixedT('uz', ['storefront', 'common']);
    expect(apiErrorMessage(new Error('offline'), t, 'checkout.failed')).not.toBe('checkout.failed');
    // @ts-expect-error `checkout.failled` is not a storefront key.
    expect(apiErrorMessage(new Error('offline'), t, 'checkout.failled')).toBe('checkout.failled');

    const error: FieldError<StorefrontKey> = { key: 'auth.errors.phoneRequired' };
    expect(fieldErrorText(t, error)).not.toBe('auth.errors.phoneRequired');
    const storefrontOnly = i18n.getFixedT('uz', 'storefront');
    // @ts-expect-error the shared `common:forms.*` words need `common` in the t.
    expect(fieldErrorText(storefrontOnly, error)).toBeTypeOf('string');
  });
});
