import { useTranslation } from '../../lib/use-translation';
import { btn, input, label as labelClass } from './styles';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled search box of a filter bar. */
export function FilterSearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  className,
}: FieldProps & { placeholder: string; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={input}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A labelled filter drop-down; its first choice, the empty value, is the list's default ("All"). */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  allLabel,
}: FieldProps & { options: { value: string; label: string }[]; allLabel?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={input} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel ?? t('common.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface DateRangeProps {
  idPrefix: string;
  startLabel: string;
  endLabel: string;
  startDate: string;
  endDate: string;
  onChange: (field: 'startDate' | 'endDate', value: string) => void;
}

/** "From" and "To" Tashkent days of a filter bar; the end cannot be set before the start. */
export function FilterDateRange({
  idPrefix,
  startLabel,
  endLabel,
  startDate,
  endDate,
  onChange,
}: DateRangeProps) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-start`} className={labelClass}>
          {startLabel}
        </label>
        <input
          id={`${idPrefix}-start`}
          type="date"
          className={input}
          value={startDate}
          onChange={(e) => onChange('startDate', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-end`} className={labelClass}>
          {endLabel}
        </label>
        <input
          id={`${idPrefix}-end`}
          type="date"
          className={input}
          value={endDate}
          min={startDate || undefined}
          onChange={(e) => onChange('endDate', e.target.value)}
        />
      </div>
    </>
  );
}

/** Apply (the form's submit) and Reset, side by side at the end of a filter bar. */
export function FilterActions({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex gap-2">
      <button type="submit" className={`${btn.primary} flex-1`}>
        {t('common.apply')}
      </button>
      <button type="button" className={`${btn.secondary} flex-1`} onClick={onReset}>
        {t('common.reset')}
      </button>
    </div>
  );
}
