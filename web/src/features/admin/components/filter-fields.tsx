import { useTranslation } from 'react-i18next';
import { input, label as labelClass } from './styles';

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
