import {
  productOptionSchema,
  variantInputSchema,
  variantsProblem,
  type ProductOption,
  type VariantInput,
} from '@shop/common';
import { apiErrorCode, apiFieldErrors, isErrorCode, type ErrorCodeKey } from '../../../lib/api-error';
import { issuesToFieldErrors, type FieldError, type FieldWording } from '../../../lib/form-errors';
import type { AdminKey } from '../../../lib/translate';
import { optionsInput, variantInput, type VariantsDraft } from './variant-draft';

/** A problem in the reader's words: a text key and its values. */
export type VariantsError = FieldError<AdminKey | ErrorCodeKey>;

export type OptionField = 'code' | 'name' | 'values';
export type RowField = 'sku' | 'values' | 'price' | 'discountedPrice' | 'stock' | 'leadDays' | 'image';

/** Problems found before or after a save, by option and row index; `form` is the whole editor's. */
export interface VariantsErrors {
  form?: VariantsError;
  options: Record<number, Partial<Record<OptionField, VariantsError>>>;
  rows: Record<number, Partial<Record<RowField, VariantsError>>>;
}

export const noErrors = (): VariantsErrors => ({ options: {}, rows: {} });

export const hasVariantsErrors = (errors: VariantsErrors) =>
  Boolean(errors.form) || Object.keys(errors.options).length > 0 || Object.keys(errors.rows).length > 0;

const ROW_FIELDS: readonly string[] = [
  'sku',
  'values',
  'price',
  'discountedPrice',
  'stock',
  'leadDays',
  'image',
];
const OPTION_FIELDS: readonly string[] = ['code', 'name', 'values'];
const rowField = (field: unknown): RowField =>
  ROW_FIELDS.includes(String(field)) ? (field as RowField) : 'values';
const optionField = (field: unknown): OptionField =>
  OPTION_FIELDS.includes(String(field)) ? (field as OptionField) : 'values';

const WORDING: FieldWording<OptionField | RowField, AdminKey> = {
  sku: { format: 'variants.errors.skuFormat', required: 'variants.errors.skuRequired' },
  code: { format: 'variants.errors.codeFormat' },
};
const fieldErrors = (issues: Parameters<typeof issuesToFieldErrors>[0]) =>
  issuesToFieldErrors<OptionField | RowField, AdminKey>(issues, WORDING);

/** How the cross-checks of options and variants read, by where they point and what they say. */
function crossProblem(
  problem: { message: string; path: (string | number)[] },
  rows: readonly { sku: string }[],
  errors: VariantsErrors,
): void {
  const [where, index] = problem.path;
  if (where === 'options' && typeof index === 'number') {
    errors.options[index] = { values: { key: 'variants.errors.valueTwice' } };
  } else if (where === 'options') {
    errors.form = { key: 'variants.errors.optionTwice' };
  } else if (typeof index === 'number') {
    const key = problem.path.length > 2 ? 'variants.errors.rowValues' : 'variants.errors.rowTwice';
    errors.rows[index] = { values: { key } };
  } else if (problem.message.startsWith('SKU')) {
    const twice = problem.message.split(' ')[1] ?? '';
    rows.forEach((row, i) => {
      if (row.sku.trim().toUpperCase() === twice)
        errors.rows[i] = { sku: { key: 'variants.errors.skuTwice' } };
    });
  } else {
    errors.form = {
      key: problem.message.startsWith('Variants')
        ? 'variants.errors.needOption'
        : 'variants.errors.needVariant',
    };
  }
}

/** Checks the editor's values with the shared schemas: the body to send, or the problems. */
export function checkVariants(
  draft: VariantsDraft,
):
  | { ok: true; body: { options: ProductOption[]; variants: VariantInput[] } }
  | { ok: false; errors: VariantsErrors } {
  const errors = noErrors();
  const options = optionsInput(draft.options);
  options.forEach((option, index) => {
    const parsed = productOptionSchema.safeParse(option, { reportInput: true });
    if (!parsed.success) errors.options[index] = fieldErrors(parsed.error.issues);
  });
  const variants: VariantInput[] = [];
  draft.variants.forEach((row, index) => {
    const parsed = variantInputSchema.safeParse(variantInput(row), { reportInput: true });
    if (parsed.success) variants.push(parsed.data);
    else errors.rows[index] = fieldErrors(parsed.error.issues);
  });
  if (hasVariantsErrors(errors)) return { ok: false, errors };
  const problem = variantsProblem(options, variants);
  if (problem) {
    crossProblem(problem, draft.variants, errors);
    return { ok: false, errors };
  }
  return { ok: true, body: { options, variants } };
}

/** Where a refusal of the server belongs: a row's SKU for SKU_TAKEN, the field a 400 names. */
export function serverVariantsErrors(error: unknown, rows: readonly { sku: string }[]): VariantsErrors {
  const errors = noErrors();
  const code = apiErrorCode(error);
  const refused: VariantsError =
    code === 'SKU_TAKEN' ? { key: 'common:errors.SKU_TAKEN' } : { key: 'variants.errors.refused' };
  for (const { path, message } of apiFieldErrors(error)) {
    const [where, index, field] = path.split('.');
    const at = Number(index);
    if (where === 'variants' && Number.isInteger(at) && at < rows.length) {
      errors.rows[at] = { ...errors.rows[at], [code === 'SKU_TAKEN' ? 'sku' : rowField(field)]: refused };
    } else if (where === 'options' && Number.isInteger(at)) {
      errors.options[at] = { ...errors.options[at], [optionField(field)]: refused };
    } else if (code === 'SKU_TAKEN') {
      markTakenSku(message, rows, errors);
    }
  }
  if (code === 'SKU_TAKEN' && Object.keys(errors.rows).length === 0) {
    const data = (error as { data?: { sku?: unknown; message?: unknown } }).data;
    markTakenSku(`${String(data?.sku ?? '')} ${String(data?.message ?? '')}`, rows, errors);
  }
  if (!hasVariantsErrors(errors)) {
    errors.form = isErrorCode(code)
      ? { key: `common:errors.${code}` }
      : { key: 'variants.errors.saveFailed' };
  }
  return errors;
}

/** The rows whose SKU the server's answer names. */
function markTakenSku(text: string, rows: readonly { sku: string }[], errors: VariantsErrors): void {
  const words = new Set(text.toUpperCase().split(/[\s"'«»:,()]+/));
  rows.forEach((row, i) => {
    if (row.sku.trim() && words.has(row.sku.trim().toUpperCase()))
      errors.rows[i] = { ...errors.rows[i], sku: { key: 'common:errors.SKU_TAKEN' } };
  });
}
