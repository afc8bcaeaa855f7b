import { useTranslation } from '../../lib/use-translation';

interface Props {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label: string;
}

/** Minimum quantity is 1. */
export function QuantityStepper({ value, onChange, min = 1, max = Number.MAX_SAFE_INTEGER, label }: Props) {
  const { t } = useTranslation('common');
  const clamp = (next: number) =>
    Math.min(max, Math.max(min, Number.isFinite(next) ? Math.floor(next) : min));
  const button = 'h-10 w-10 text-lg font-semibold text-stone-700 hover:bg-stone-100 disabled:opacity-40';
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white"
    >
      <button
        type="button"
        data-early-tap="each"
        className={button}
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= min}
        aria-label={t('actions.decrease')}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max}
        value={value}
        onChange={(event) => onChange(clamp(Number.parseInt(event.target.value, 10)))}
        className="h-10 w-14 border-x border-stone-300 text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        data-early-tap="each"
        className={button}
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= max}
        aria-label={t('actions.increase')}
      >
        +
      </button>
    </div>
  );
}
