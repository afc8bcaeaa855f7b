import type common from '../locales/en/common.json';
import type storefront from '../locales/en/storefront.json';
import type admin from '../locales/en/admin.json';

/**
 * Translation keys are typed from the `en` locale (`check:locales` keeps uz and ru on the same
 * keys), so a key that does not exist is a type error rather than raw text on the page.
 */
interface Texts {
  common: typeof common;
  storefront: typeof storefront;
  admin: typeof admin;
}

export type Namespace = keyof Texts;

/** The dotted paths to the texts of a JSON tree (`cart.title`). */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A plural is asked for by its base key (`itemCount`, with `count`) or, as i18next took it, a form. */
type WithPluralBase<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base | K
  : K;

export type KeyOf<N extends Namespace> = WithPluralBase<Paths<Texts[N]>>;

export type CommonKey = KeyOf<'common'>;
export type StorefrontKey = KeyOf<'storefront'>;
export type AdminKey = KeyOf<'admin'>;

/** The namespaces a `t` reads: one, or a list whose first is looked in for bare keys. */
export type Namespaces = Namespace | readonly [Namespace, ...Namespace[]];

type First<N extends Namespaces> = N extends readonly [infer Head extends Namespace, ...Namespace[]]
  ? Head
  : N;
type Listed<N extends Namespaces> = N extends readonly Namespace[] ? N[number] : never;
type Prefixed<N extends Namespace> = N extends Namespace ? `${N}:${KeyOf<N>}` : never;

/** Bare keys of the first namespace, and `ns:key` of each listed one (as i18next's `ParseKeys` had them). */
export type KeysOf<N extends Namespaces> = KeyOf<First<N>> | Prefixed<Listed<N>>;

/** `count` picks the plural form; every other value fills its `{{name}}`. */
export type TOptions = Record<string, unknown>;

export interface TFunction<K extends string> {
  (key: K, options?: TOptions): string;
  /** With a default the key may be data (a colour, a status) that the texts may not name. */
  (key: string, defaultValue: string): string;
  (key: string, options: TOptions & { defaultValue: string }): string;
}

/**
 * What a helper needs of a component's `t`: that it takes these keys. A component passes its own
 * `t`, so a key the helper may use but the component's namespaces lack is a type error at the call.
 */
export type Translate<K extends string> = (key: K, options?: TOptions) => string;

/** Narrows a loose value (a URL parameter) to one of `common/`'s lists, so a key built from it is typed. */
export const isOneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  (list as readonly (string | null | undefined)[]).includes(value);
