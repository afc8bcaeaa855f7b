import { SWATCH_COLOUR_PATTERN, LANGUAGES } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { input } from '../../components/styles';
import { RowActionButton } from '../../components/row-action-button';
import type { ValueDraft } from '../lib/variant-draft';

interface Props {
  value: ValueDraft;
  /** The option's name, so each input says which option it belongs to. */
  optionName: string;
  withSwatch: boolean;
  onChange: (value: ValueDraft) => void;
  onRemove?: () => void;
}

/** One value of an option: its code, its label in the three languages, a swatch for colours and materials. */
export function OptionValueRow({ value, optionName, withSwatch, onChange, onRemove }: Props) {
  const { t } = useTranslation('admin');
  const name = `${optionName} ${value.label.uz || value.code}`.trim();
  const colour =
    typeof value.swatch === 'string' && SWATCH_COLOUR_PATTERN.test(value.swatch) ? value.swatch : '';
  return (
    <li className="grid grid-cols-2 items-center gap-2 sm:grid-cols-[7rem_repeat(3,minmax(0,10rem))_auto_auto]">
      <input
        className={input}
        aria-label={t('variants.field', { name, field: t('variants.valueCode') })}
        placeholder={t('variants.valueCode')}
        value={value.code}
        onChange={(e) => onChange({ ...value, code: e.target.value })}
      />
      {LANGUAGES.map((language) => (
        <input
          key={language}
          className={input}
          aria-label={t('variants.field', {
            name,
            field: t('variants.valueLabel', { language: language.toUpperCase() }),
          })}
          placeholder={t('variants.valueLabel', { language: language.toUpperCase() })}
          value={value.label[language]}
          onChange={(e) => onChange({ ...value, label: { ...value.label, [language]: e.target.value } })}
        />
      ))}
      {withSwatch && (
        <span className="inline-flex items-center gap-1">
          <input
            type="color"
            className="h-9 w-12 cursor-pointer rounded border border-stone-300"
            aria-label={t('variants.field', { name, field: t('variants.swatch') })}
            value={colour || '#ffffff'}
            onChange={(e) => onChange({ ...value, swatch: e.target.value })}
          />
          {colour && (
            <button
              type="button"
              className="text-xs text-stone-600 underline"
              onClick={() => onChange({ ...value, swatch: undefined })}
            >
              {t('variants.noSwatch')}
            </button>
          )}
        </span>
      )}
      {onRemove && (
        <RowActionButton label={t('variants.removeValue', { name })} onClick={onRemove} danger>
          ×
        </RowActionButton>
      )}
    </li>
  );
}
