import type { z } from 'zod';
import { apiFieldErrors } from './api-error';
import type { Translate } from './translate';

/**
 * Forms validate with the same `common/` zod schemas the server uses. This file is the one map
 * from a zod issue to the words shown: the issue's kind, then the form's own wording for that
 * field and kind, else the shared `common:forms.<kind>` text. The server's 400 `errors[]` land
 * on the same fields (its message, shown as sent: the client already checked what it can).
 */
export type IssueKind =
  | 'required'
  | 'phoneFormat'
  | 'format'
  | 'tooShort'
  | 'tooLong'
  | 'number'
  | 'tooSmall'
  | 'tooBig'
  | 'choose'
  | 'mismatch'
  | 'invalid';

/** A custom rule in a schema names its kind: `refine(check, { params: { kind: 'mismatch' } })`. */
const CUSTOM_KINDS = ['mismatch', 'percentMax', 'endBeforeStart', 'phoneFormat', 'invalid'] as const;
type CustomKind = (typeof CUSTOM_KINDS)[number];
const isCustomKind = (kind: string | undefined): kind is CustomKind =>
  (CUSTOM_KINDS as readonly (string | undefined)[]).includes(kind);

export type Kind = IssueKind | CustomKind;
/** The shared words of each kind; a kind without them in `common` fails the typecheck. */
export type FormsKey = `common:forms.${Kind}`;

export function issueKind(issue: z.core.$ZodIssue): Kind {
  switch (issue.code) {
    case 'invalid_type':
      // `input` is reported when parsed with `reportInput` (as `validateWith` does).
      if (issue.input === undefined || issue.input === null) return 'required';
      return issue.expected === 'number' ? 'number' : 'invalid';
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array')
        return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
      return 'tooSmall';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooLong' : 'tooBig';
    case 'invalid_format': {
      const pattern = 'pattern' in issue ? String(issue.pattern) : '';
      // numericField's and somField's patterns: digits, then an optional point and decimals.
      return pattern.includes('^-?(') || pattern.includes('^-?\\d+(\\.') ? 'number' : 'format';
    }
    case 'invalid_value':
    case 'invalid_union':
      return 'choose';
    case 'custom': {
      const kind = (issue.params as { kind?: string } | undefined)?.kind;
      return isCustomKind(kind) ? kind : 'invalid';
    }
    default:
      return 'invalid';
  }
}

/**
 * What a field shows: a translation key (with its values) or the server's own sentence. `K` is the
 * keys of the form's namespace (`StorefrontKey`, `AdminKey`), so a form's wording is checked.
 */
export type FieldError<K extends string = never> =
  { key: K | FormsKey; values?: Record<string, unknown> } | { text: string };
export type FieldErrors<F extends string, K extends string = never> = Partial<Record<F, FieldError<K>>>;
/** A form's wording for its fields: `{ phoneNumber: { required: 'auth.errors.phoneRequired' } }`. */
export type FieldWording<F extends string, K extends string> = Partial<Record<F, Partial<Record<Kind, K>>>>;

/** The form field an issue or server error belongs to; by default the first segment of its path. */
export type FieldOf<F extends string> = (path: readonly PropertyKey[]) => F | undefined;
const firstSegment = <F extends string>(path: readonly PropertyKey[]) => path[0] as F | undefined;

/** The first problem of each field, worded for people. */
export function issuesToFieldErrors<F extends string, K extends string = never>(
  issues: readonly z.core.$ZodIssue[],
  wording: FieldWording<F, K> = {},
  fieldOf: FieldOf<F> = firstSegment,
): FieldErrors<F, K> {
  const errors: FieldErrors<F, K> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field === undefined || errors[field]) continue;
    const kind = issueKind(issue);
    const limit = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : undefined;
    errors[field] = {
      key: wording[field]?.[kind] ?? `common:forms.${kind}`,
      values: { limit: Number(limit) },
    };
  }
  return errors;
}

/** Checks values with a schema: its output, or the field errors. */
export function validateWith<S extends z.ZodType, F extends string, K extends string = never>(
  schema: S,
  values: unknown,
  wording?: FieldWording<F, K>,
  fieldOf?: FieldOf<F>,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors<F, K> } {
  const parsed = schema.safeParse(values, { reportInput: true });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: issuesToFieldErrors(parsed.error.issues, wording, fieldOf) };
}

/** A server 400's `errors[]` on the form's fields (paths like `discounts.value` split on dots). */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fieldOf: FieldOf<F> = firstSegment,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { path, message } of apiFieldErrors(error)) {
    const field = fieldOf(path.split('.'));
    if (field !== undefined && !errors[field]) errors[field] = { text: message };
  }
  return errors;
}

export function hasFieldErrors(errors: FieldErrors<string, string>): boolean {
  return Object.values(errors).some(Boolean);
}

/** The words of a field error in the reader's language; `t` is the form's own (its namespace and `common`). */
export function fieldErrorText<K extends string>(
  t: Translate<NoInfer<K> | FormsKey>,
  error: FieldError<K> | undefined,
): string | undefined {
  if (!error) return undefined;
  return 'text' in error ? error.text : t(error.key, error.values);
}
