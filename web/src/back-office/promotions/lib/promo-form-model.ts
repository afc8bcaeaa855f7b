import {
  promoCodeCreateSchema,
  shopDayEnd,
  shopDayOf,
  shopDayStart,
  type Category,
  type PromoCode,
  type PromoCodeCreate,
  type PromoCodePatch,
  type PromoKind,
} from '@shop/common';
import { validateWith, type FieldErrors, type FieldWording } from '../../../lib/form-errors';
import type { AdminKey } from '../../../lib/translate';

/** What the promo code form holds: numbers stay text as typed, the window as Tashkent days. */
export interface PromoFormValues {
  code: string;
  kind: PromoKind;
  value: string;
  minTotal: string;
  /** `YYYY-MM-DD` or '' (no start). */
  startsAt: string;
  /** `YYYY-MM-DD` or '' (no end); the code works to the end of that day. */
  endsAt: string;
  categories: Category[];
  productIds: string[];
  maxUses: string;
  maxUsesPerPhone: string;
  active: boolean;
}
export type PromoField = keyof PromoFormValues;
export type PromoFormErrors = FieldErrors<PromoField, AdminKey>;

export function emptyPromoForm(): PromoFormValues {
  return {
    code: '',
    kind: 'percent',
    value: '10',
    minTotal: '0',
    startsAt: '',
    endsAt: '',
    categories: [],
    productIds: [],
    maxUses: '',
    maxUsesPerPhone: '',
    active: true,
  };
}

/** Editing: the stored code's terms as the form shows them. */
export function promoToFormValues(code: PromoCode): PromoFormValues {
  return {
    code: code.code,
    kind: code.kind,
    value: String(code.value),
    minTotal: String(code.minTotal),
    startsAt: shopDayOf(code.startsAt),
    endsAt: shopDayOf(code.endsAt),
    categories: [...code.categories] as Category[],
    productIds: [...code.productIds],
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerPhone: code.maxUsesPerPhone === null ? '' : String(code.maxUsesPerPhone),
    active: code.active,
  };
}

/** A whole number as typed; anything else goes to the schema as text, which names it "not a number". */
const whole = (text: string): number | string => {
  const trimmed = text.trim().replace(/\s/g, '');
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};
const optionalWhole = (text: string) => (text.trim() === '' ? null : whole(text));

/** The body as the server reads it; the end day is inclusive, so it ends a millisecond before the next. */
function toBody(values: PromoFormValues): Record<PromoField, unknown> {
  return {
    code: values.code.trim(),
    kind: values.kind,
    value: values.kind === 'free_delivery' ? 0 : values.value.trim() === '' ? undefined : whole(values.value),
    minTotal: values.minTotal.trim() === '' ? 0 : whole(values.minTotal),
    startsAt: values.startsAt ? shopDayStart(values.startsAt).toISOString() : null,
    endsAt: values.endsAt ? new Date(shopDayEnd(values.endsAt).getTime() - 1).toISOString() : null,
    categories: values.categories,
    productIds: values.productIds,
    maxUses: optionalWhole(values.maxUses),
    maxUsesPerPhone: optionalWhole(values.maxUsesPerPhone),
    active: values.active,
  };
}

const COUNT_WORDING = {
  number: 'promo.errors.limit',
  tooSmall: 'promo.errors.limit',
  tooBig: 'promo.errors.limit',
  invalid: 'promo.errors.limit',
} as const;

/** The form's words for each field and kind of problem (`admin` namespace). */
export const PROMO_FORM_WORDING: FieldWording<PromoField, AdminKey> = {
  code: {
    required: 'promo.errors.codeLength',
    tooShort: 'promo.errors.codeLength',
    tooLong: 'promo.errors.codeLength',
    format: 'promo.errors.codeFormat',
  },
  value: {
    required: 'promo.errors.valueNumber',
    number: 'promo.errors.valueNumber',
    tooSmall: 'promo.errors.valueNumber',
    tooBig: 'promo.errors.valueNumber',
    percentMax: 'promo.errors.percentRange',
    invalid: 'promo.errors.fixedMin',
  },
  minTotal: {
    number: 'promo.errors.minTotal',
    tooSmall: 'promo.errors.minTotal',
    tooBig: 'promo.errors.minTotal',
  },
  endsAt: { endBeforeStart: 'promo.errors.endBeforeStart' },
  maxUses: COUNT_WORDING,
  maxUsesPerPhone: COUNT_WORDING,
};

const FIELDS = new Set<string>(Object.keys(emptyPromoForm()));
/** The form field a schema issue or a server error path names. */
export const promoFieldOf = (path: readonly PropertyKey[]): PromoField | undefined => {
  const first = String(path[0]);
  return FIELDS.has(first) ? (first as PromoField) : undefined;
};

/**
 * Checks the form with the server's own schema. `ok` carries the body of a new code; an edit
 * sends only what changed (see `promoPatch`).
 */
export function validatePromoForm(
  values: PromoFormValues,
): { ok: true; body: PromoCodeCreate } | { ok: false; errors: PromoFormErrors } {
  const checked = validateWith(promoCodeCreateSchema, toBody(values), PROMO_FORM_WORDING, promoFieldOf);
  return checked.ok ? { ok: true, body: checked.data } : { ok: false, errors: checked.errors };
}

/** The fields that differ from the code as it opened; a field left alone is not sent. */
export function promoPatch(values: PromoFormValues, initial: PromoFormValues): PromoCodePatch {
  const now = toBody(values);
  const before = toBody(initial);
  const patch: Record<string, unknown> = {};
  for (const field of Object.keys(now) as PromoField[]) {
    if (JSON.stringify(now[field]) !== JSON.stringify(before[field])) patch[field] = now[field];
  }
  // The server checks the kind and value together: a new kind goes with its value.
  if ('kind' in patch) patch.value = now.value;
  return patch as PromoCodePatch;
}
