import type { ParseKeys } from 'i18next';

/**
 * What a helper needs of a component's `t`: that it takes these keys. A component passes its own
 * `t`, so a key the helper may use but the component's namespaces lack is a type error at the call.
 */
export type Translate<K extends string> = (key: K, options?: Record<string, unknown>) => string;

export type CommonKey = ParseKeys<'common'>;
export type StorefrontKey = ParseKeys<'storefront'>;
export type AdminKey = ParseKeys<'admin'>;

/** Narrows a loose value (a URL parameter) to one of `common/`'s lists, so a key built from it is typed. */
export const isOneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  (list as readonly (string | null | undefined)[]).includes(value);
