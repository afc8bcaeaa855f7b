import { COLOR_SWATCHES, UNKNOWN_COLOR_SWATCH } from '@shop/common';
import { useTranslation } from '../../lib/use-translation';

/** Uzbek colour keys → colours; unknown keys are light grey. */
export function swatchColor(key: string): string {
  return (COLOR_SWATCHES as Record<string, string>)[key] ?? UNKNOWN_COLOR_SWATCH;
}

export function useColorName() {
  const { t } = useTranslation('common');
  return (key: string) => t(`colors.${key}`, { defaultValue: key });
}

export function ColorDot({ color, size = 'h-4 w-4' }: { color: string; size?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block ${size} shrink-0 rounded-full border border-stone-300`}
      style={{ backgroundColor: swatchColor(color) }}
    />
  );
}
