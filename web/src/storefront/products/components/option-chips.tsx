import { labelIn, type Language, type OptionValue, type Product } from '@shop/common';
import { OptionLabel } from '../../../components/ui/option-label';
import { useTranslation } from '../../../lib/use-translation';

interface SharedOption {
  code: string;
  name: Product['options'][number]['name'];
  values: OptionValue[];
}

/**
 * The option shown as chips: the one filtered by, else the first one that two or more of the
 * listed products share (a category's desks all come in sizes), with every value any of them has.
 */
export function sharedOption(docs: readonly Product[], filtered: readonly string[]): SharedOption | null {
  const found = new Map<string, SharedOption & { products: number }>();
  for (const product of docs) {
    for (const option of product.options ?? []) {
      const shared = found.get(option.code) ?? { ...option, values: [], products: 0 };
      shared.products += 1;
      for (const value of option.values)
        if (!shared.values.some((known) => known.code === value.code)) shared.values.push(value);
      found.set(option.code, shared);
    }
  }
  const chosen =
    filtered.map((code) => found.get(code)).find(Boolean) ??
    [...found.values()].find((option) => option.products >= 2);
  return chosen ? { code: chosen.code, name: chosen.name, values: chosen.values } : null;
}

/** Chips for one option's values over the listing (`opt.<code>=<value>` in the address). */
export function OptionChips({
  docs,
  selected,
  onChange,
}: {
  docs: readonly Product[];
  selected: Record<string, string>;
  onChange: (options: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation('storefront');
  const language = i18n.language as Language;
  const option = sharedOption(docs, Object.keys(selected));
  if (!option) return null;
  const current = selected[option.code];
  const choose = (value?: string) => {
    const next = { ...selected };
    if (value) next[option.code] = value;
    else delete next[option.code];
    onChange(next);
  };
  const chip = (active: boolean) =>
    `rounded-full border-2 px-3 py-1.5 text-sm ${active ? 'border-brand-700 bg-brand-50 font-semibold' : 'border-stone-300 bg-white'}`;
  return (
    <div
      role="group"
      aria-label={t('variant.filterBy', { option: labelIn(option.name, language) })}
      className="mb-4 flex flex-wrap gap-2"
    >
      <button type="button" aria-pressed={!current} className={chip(!current)} onClick={() => choose()}>
        {t('variant.any')}
      </button>
      {option.values.map((value) => (
        <button
          key={value.code}
          type="button"
          aria-pressed={current === value.code}
          className={chip(current === value.code)}
          onClick={() => choose(value.code)}
        >
          <OptionLabel text={labelIn(value.label, language)} />
        </button>
      ))}
    </div>
  );
}
