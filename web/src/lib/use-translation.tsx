import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import i18n from './i18n';
import type { Translator } from './translator';
import type { KeysOf, Namespaces, TFunction } from './translate';

/** The browser's translator unless a provider names another (the server's, per language). */
const TranslatorContext = createContext<Translator>(i18n);

export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/**
 * A `t` over these namespaces (bare keys from the first, others as `ns:key`) in the current
 * language; the component renders again when the language changes or texts are added.
 */
export function useTranslation<const N extends Namespaces = 'common'>(
  namespaces?: N,
): { t: TFunction<KeysOf<N>>; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  useSyncExternalStore(
    translator.subscribe,
    () => translator.revision,
    () => translator.revision,
  );
  return { t: translator.getFixedT(translator.language, namespaces ?? ('common' as N)), i18n: translator };
}
