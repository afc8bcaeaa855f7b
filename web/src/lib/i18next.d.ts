import type common from '../locales/en/common.json';
import type storefront from '../locales/en/storefront.json';
import type admin from '../locales/en/admin.json';

/**
 * Translation keys are typed from the `en` locale (`check:locales` keeps uz and ru on the same
 * keys), so a key that does not exist is a type error rather than raw text on the page.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; storefront: typeof storefront; admin: typeof admin };
    returnNull: false;
  }
}
