import { DEFAULT_LANGUAGE, type Language } from '@shop/common';
import type { KeysOf, Namespace, Namespaces, TFunction, TOptions } from './translate';

/**
 * The app's texts by language and namespace, looked up the way i18next did for the features the
 * app used (decision 028): `ns:key`, dotted keys, i18next v4 plural suffixes by `Intl.PluralRules`,
 * `{{name}}` filled in unescaped (React escapes), and Uzbek for a text a language lacks.
 */

/** A namespace's texts as its JSON file holds them. */
export interface Texts {
  readonly [key: string]: string | Texts;
}

export type Bundles = Partial<Record<Language, Partial<Record<Namespace, Texts>>>>;

/** Bundles fetched only when their language is chosen (`import()` of the JSON). */
export type LazyBundles = Partial<
  Record<Language, Partial<Record<Namespace, () => Promise<{ default: Texts }>>>>
>;

export interface Translator {
  readonly language: Language;
  /** Changes on each switch of language and each bundle added (`useSyncExternalStore`'s snapshot). */
  readonly revision: number;
  /** Bare keys of `common`, any namespace's with `ns:` (for code outside components). */
  readonly t: TFunction<KeysOf<readonly ['common', 'storefront', 'admin']>>;
  /** A `t` reading these namespaces, in `language` or (null) the current one; the same function until a change. */
  getFixedT<const N extends Namespaces>(language: Language | null, namespaces: N): TFunction<KeysOf<N>>;
  /** Fetches the language's lazy bundles not yet here; a failed fetch leaves its texts in Uzbek. */
  loadLanguage(language: Language): Promise<void>;
  /** Loads, then switches and notifies; of overlapping calls the last one wins. */
  changeLanguage(language: Language): Promise<void>;
  addResourceBundle(language: Language, namespace: Namespace, texts: Texts): void;
  onLanguageChanged(listener: (language: Language) => void): () => void;
  /** Any change (language or texts), for React. */
  subscribe(listener: () => void): () => void;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralForm(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** A text by dotted path; a path ending on an object is no text (i18next's returnObjects is left out). */
function find(texts: Texts | undefined, path: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** i18next's order: `_zero` when count is 0, then the language's form, then the bare key. */
const candidates = (key: string, language: Language, count: number | undefined) =>
  count === undefined
    ? [key]
    : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(language, count)}`, key];

/** `{{name}}` from the values; a name not passed at all stays as written, as i18next left it. */
const interpolate = (text: string, values: TOptions) =>
  text.replace(/\{\{(.+?)\}\}/g, (written, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(values, key)) return written;
    const value = values[key];
    return value === null || value === undefined ? '' : String(value);
  });

/** In the language, then in Uzbek. */
function lookup(bundles: Bundles, namespace: string, key: string, count: number | undefined, lng: Language) {
  for (const code of lng === DEFAULT_LANGUAGE ? [lng] : [lng, DEFAULT_LANGUAGE]) {
    const texts = bundles[code]?.[namespace as Namespace];
    for (const candidate of candidates(key, code, count)) {
      const text = find(texts, candidate);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/**
 * A bare key is read in `namespace` only, `ns:key` in `ns`: what react-i18next's useTranslation
 * did with a list (its default nsMode) and what the key types allow. A text found nowhere is the
 * default if given, else the key without its `ns:`.
 */
function translate(
  bundles: Bundles,
  lng: Language,
  namespace: string,
  fullKey: string,
  given?: TOptions | string,
) {
  const values = typeof given === 'string' ? { defaultValue: given } : (given ?? {});
  const colon = fullKey.indexOf(':');
  const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
  const count = typeof values.count === 'number' ? values.count : undefined;
  const text =
    lookup(bundles, colon > 0 ? fullKey.slice(0, colon) : namespace, key, count, lng) ??
    (typeof values.defaultValue === 'string' ? values.defaultValue : key);
  return interpolate(text, values);
}

export function createTranslator(options: {
  language: Language;
  bundles: Bundles;
  lazy?: LazyBundles;
}): Translator {
  const bundles: Bundles = { ...options.bundles };
  const listeners = new Set<() => void>();
  const languageListeners = new Set<(language: Language) => void>();
  let language = options.language;
  let revision = 0;
  let requested: Language | null = null;
  let fixed = new Map<string, TFunction<string>>();

  const changed = () => {
    revision += 1;
    fixed = new Map();
    listeners.forEach((listener) => listener());
  };

  function getFixedT<const N extends Namespaces>(lng: Language | null, namespaces: N): TFunction<KeysOf<N>> {
    const namespace: Namespace = typeof namespaces === 'string' ? namespaces : namespaces[0];
    const id = `${lng ?? ''}|${namespace}`;
    let t = fixed.get(id);
    if (!t) {
      t = (key: string, given?: TOptions | string) =>
        translate(bundles, lng ?? language, namespace, key, given);
      fixed.set(id, t);
    }
    return t;
  }

  async function loadLanguage(lng: Language) {
    const lazy = Object.entries(options.lazy?.[lng] ?? {}) as [
      Namespace,
      () => Promise<{ default: Texts }>,
    ][];
    const loaded = await Promise.all(
      lazy
        .filter(([namespace]) => !bundles[lng]?.[namespace])
        .map(([namespace, load]) =>
          load().then(
            (module) => [namespace, module.default] as const,
            () => null,
          ),
        ),
    );
    const arrived = loaded.filter((entry) => entry !== null);
    if (arrived.length === 0) return;
    bundles[lng] = { ...bundles[lng], ...Object.fromEntries(arrived) };
    changed();
  }

  const translator: Translator = {
    get language() {
      return language;
    },
    get revision() {
      return revision;
    },
    t: (key: string, given?: TOptions | string) => translate(bundles, language, 'common', key, given),
    getFixedT,
    loadLanguage,
    async changeLanguage(lng) {
      requested = lng;
      await loadLanguage(lng);
      if (requested !== lng) return;
      language = lng;
      changed();
      languageListeners.forEach((listener) => listener(lng));
    },
    addResourceBundle(lng, namespace, texts) {
      bundles[lng] = { ...bundles[lng], [namespace]: texts };
      changed();
    },
    onLanguageChanged(listener) {
      languageListeners.add(listener);
      return () => languageListeners.delete(listener);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return translator;
}
