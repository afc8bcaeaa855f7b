import { LANGUAGES, VARIANT_LIMITS } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { btn, fieldError, input, label } from '../../components/styles';
import { RowActionButton } from '../../components/row-action-button';
import { SWATCH_OPTION_CODES, emptyValue, type OptionDraft } from '../lib/variant-draft';
import type { OptionField, VariantsError } from '../lib/variant-errors';
import { OptionValueRow } from './option-value-row';
import { useVariantsErrorText } from './variants-error-text';

interface Props {
  option: OptionDraft;
  number: number;
  errors?: Partial<Record<OptionField, VariantsError>>;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
  onMoveUp?: () => void;
  onMoveDown?: () => void;
}

/** One option: its code and name, then its values. */
export function OptionCard({ option, number, errors = {}, onChange, onRemove, onMoveUp, onMoveDown }: Props) {
  const { t } = useTranslation('admin');
  const errorText = useVariantsErrorText();
  const name = option.name.uz || option.code || t('variants.optionTitle', { number });
  const withSwatch = SWATCH_OPTION_CODES.includes(option.code.trim().toLowerCase());
  const setValue = (index: number, value: OptionDraft['values'][number]) =>
    onChange({ ...option, values: option.values.map((old, i) => (i === index ? value : old)) });
  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold">{t('variants.optionTitle', { number })}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <OptionText
          text={t('variants.optionCode')}
          value={option.code}
          error={errorText(errors.code)}
          onChange={(code) => onChange({ ...option, code })}
        />
        {LANGUAGES.map((language) => (
          <OptionText
            key={language}
            text={t('variants.optionName', { language: language.toUpperCase() })}
            value={option.name[language]}
            error={language === 'uz' ? errorText(errors.name) : undefined}
            onChange={(text) => onChange({ ...option, name: { ...option.name, [language]: text } })}
          />
        ))}
        <span className="inline-flex gap-1">
          {onMoveUp && (
            <RowActionButton label={t('variants.moveUp', { name })} onClick={onMoveUp}>
              ↑
            </RowActionButton>
          )}
          {onMoveDown && (
            <RowActionButton label={t('variants.moveDown', { name })} onClick={onMoveDown}>
              ↓
            </RowActionButton>
          )}
          <RowActionButton label={t('variants.removeOption', { name })} onClick={onRemove} danger>
            {t('common.delete')}
          </RowActionButton>
        </span>
      </div>
      <div>
        <p className={label}>{t('variants.values')}</p>
        <ul className="space-y-2">
          {option.values.map((value, index) => (
            <OptionValueRow
              key={value.key}
              value={value}
              optionName={name}
              withSwatch={withSwatch}
              onChange={(changed) => setValue(index, changed)}
              onRemove={
                option.values.length > 1
                  ? () => onChange({ ...option, values: option.values.filter((_, i) => i !== index) })
                  : undefined
              }
            />
          ))}
        </ul>
        {errors.values && <p className={fieldError}>{errorText(errors.values)}</p>}
        <button
          type="button"
          className={`${btn.ghost} mt-2`}
          disabled={option.values.length >= VARIANT_LIMITS.maxValuesPerOption}
          onClick={() => onChange({ ...option, values: [...option.values, emptyValue()] })}
        >
          {t('variants.addValue')}
        </button>
      </div>
    </fieldset>
  );
}

function OptionText({
  text,
  value,
  error,
  onChange,
}: {
  text: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="block w-full text-sm sm:w-40">
      <span className={label}>{text}</span>
      <input
        className={input}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <span className={`${fieldError} block`}>{error}</span>}
    </label>
  );
}
