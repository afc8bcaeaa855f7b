import { useTranslation } from '../../lib/use-translation';
import { REGION_NAMES, type Region } from '@shop/common';
import { useGetDeliveryZonesQuery } from './delivery-api';

/** The regions the shop delivers to (and the chosen one, even if closed since), in the reader's language. */
export function RegionSelect({
  value,
  onChange,
  id,
  className = 'rounded-lg border border-stone-300 bg-white px-2 py-1',
  label,
  nameOf,
}: {
  value: Region;
  onChange: (region: Region) => void;
  id?: string;
  className?: string;
  /** Its accessible name when no visible label points at it. */
  label?: string;
  /** The options' names when they finish a phrase ("Доставка в Ташкентскую область"). */
  nameOf?: (region: Region) => string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const { data: zones = [] } = useGetDeliveryZonesQuery(language);
  const shown = zones.filter((zone) => zone.enabled || zone.region === value);
  return (
    <select
      id={id}
      aria-label={label}
      className={className}
      value={value}
      onChange={(event) => onChange(event.target.value as Region)}
    >
      {shown.length === 0 && (
        <option value={value}>{nameOf?.(value) ?? REGION_NAMES[value][language]}</option>
      )}
      {shown.map((zone) => (
        <option key={zone.region} value={zone.region}>
          {nameOf?.(zone.region) ?? zone.name}
        </option>
      ))}
    </select>
  );
}
