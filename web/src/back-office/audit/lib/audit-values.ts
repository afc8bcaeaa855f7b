import { REGION_NAMES, formatDateTime, formatSom, isRegion } from '@shop/common';

/** What the audit screen needs of the reader's `t`: a text by key, or the given default. */
export type AuditWords = {
  language: string;
  t: (key: string, defaultValue: string) => string;
};

const MONEY_FIELDS = new Set([
  'price',
  'total',
  'discountValue',
  'discountedPrice',
  'assemblyPrice',
  'fee',
  'freeFrom',
  'carryPerFloor',
  'assemblyFee',
  'carryFee',
  'amount',
  'cashReceivedAmount',
]);

/** Fields whose values are codes the texts already name (a status, a method, a role). */
const NAMED_VALUES: Record<string, string> = {
  paymentStatus: 'common:payment.status',
  paymentMethod: 'common:payment.method',
  method: 'common:delivery.methods',
  role: 'admin:roles',
  category: 'admin:categories',
  color: 'admin:colors',
};

/** Status codes mean different things per record: an order's, a delivery's, a product's, a review's. */
const STATUS_TEXTS = [
  'admin:orderStatus',
  'common:delivery.statuses',
  'admin:productStatus',
  'admin:reviews.status',
];

/** An instant as the server writes it (`2026-11-20T09:30:00.000Z`). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Ids of people and records inside a nested record: staff read the names beside them. */
const HIDDEN_NESTED = new Set(['byId', 'product']);

/** `carryPerFloor` → `carry per floor`: a field the texts do not name yet still reads as words. */
const spaced = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A changed field's name in the reader's language. */
export const auditFieldLabel = (field: string, words: AuditWords): string =>
  words.t(`admin:audit.fields.${field}`, spaced(field));

function namedCode(field: string, value: string, words: AuditWords): string {
  if (field === 'region' && isRegion(value)) {
    return REGION_NAMES[value][words.language as 'uz' | 'ru' | 'en'] ?? REGION_NAMES[value].uz;
  }
  if (field === 'status') {
    for (const texts of STATUS_TEXTS) {
      const named = words.t(`${texts}.${value}`, '');
      if (named) return named;
    }
    return value;
  }
  const texts = NAMED_VALUES[field];
  return texts ? words.t(`${texts}.${value}`, value) : value;
}

type Labelled = { uz?: unknown; ru?: unknown; en?: unknown };
const inLanguage = (label: unknown, language: string): string => {
  if (!label || typeof label !== 'object') return '';
  const texts = label as Labelled;
  const text = texts[language as keyof Labelled] || texts.uz;
  return typeof text === 'string' ? text : '';
};
const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A product's options as staff name them: "Size (120 cm, 140 cm); Colour (Oak)". */
function optionsText(options: unknown[], words: AuditWords): string | undefined {
  if (!options.every((option) => isRecord(option) && Array.isArray(option.values))) return undefined;
  return (options as { code?: unknown; name?: unknown; values: unknown[] }[])
    .map((option) => {
      const values = option.values.map((value) =>
        isRecord(value) ? inLanguage(value.label, words.language) || String(value.code ?? '') : String(value),
      );
      return `${inLanguage(option.name, words.language) || String(option.code ?? '')} (${values.join(', ')})`;
    })
    .join('; ');
}

/** A product's variants by SKU: price, own sale price, stock, made to order with its days, hidden. */
function variantsText(variants: unknown[], words: AuditWords): string | undefined {
  if (!variants.every((variant) => isRecord(variant) && typeof variant.sku === 'string')) return undefined;
  const column = (name: string) => words.t(`admin:variants.columns.${name}`, spaced(name));
  const money = (value: unknown) => (typeof value === 'number' ? formatSom(value, words.language) : '—');
  return (variants as Record<string, unknown>[])
    .map((variant) => {
      const facts = [
        money(variant.price),
        typeof variant.discountedPrice === 'number' &&
          `${column('discountedPrice')} ${money(variant.discountedPrice)}`,
        `${auditFieldLabel('stock', words)} ${String(variant.stock ?? '—')}`,
        variant.madeToOrder === true &&
          `${column('madeToOrder')}, ${column('leadDays')} ${String(variant.leadDays ?? 0)}`,
        variant.status === 'hidden' && words.t('admin:variants.status.hidden', 'hidden'),
      ];
      return `${String(variant.sku)}: ${facts.filter(Boolean).join(', ')}`;
    })
    .join('; ');
}

/**
 * One changed value as the screen shows it: money in so'm, an instant in Tashkent time, yes or no,
 * a status or method by its name, a list as its items, a nested record as its labelled fields.
 */
export function auditValue(field: string, value: unknown, words: AuditWords): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return words.t(value ? 'admin:audit.yes' : 'admin:audit.no', String(value));
  if (typeof value === 'number') {
    if (field === 'closedWeekdays') return words.t(`admin:delivery.weekdays.${value}`, String(value));
    return MONEY_FIELDS.has(field) ? formatSom(value, words.language) : String(value);
  }
  if (typeof value === 'string') {
    return INSTANT.test(value) ? formatDateTime(value, words.language) : namedCode(field, value, words);
  }
  if (Array.isArray(value) && field === 'options') {
    const text = optionsText(value, words);
    if (text !== undefined) return text || '—';
  }
  if (Array.isArray(value) && field === 'variants') {
    const text = variantsText(value, words);
    if (text !== undefined) return text || '—';
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => auditValue(field, item, words));
    return items.join(value.every((item) => typeof item !== 'object') ? ', ' : '; ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key, inner]) => !HIDDEN_NESTED.has(key) && inner !== null && inner !== '')
      .map(([key, inner]) => `${auditFieldLabel(key, words)}: ${auditValue(key, inner, words)}`)
      .join(', ');
  }
  return String(value);
}
