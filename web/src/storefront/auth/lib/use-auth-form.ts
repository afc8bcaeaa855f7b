import { useEffect, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error';
import { fieldErrorText, validateWith, type FieldErrors, type FieldWording } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import type { StorefrontKey } from '../../../lib/translate';
import { useTranslation } from '../../../lib/use-translation';
import type * as AuthForms from './auth-forms';

/**
 * The forms' schemas (common/'s, with zod: ~23 KB brotli) are not in the pages' first load
 * (decision 027): asked for once the page is up, awaited by the first check.
 */
const loadAuthForms = () => import('./auth-forms');

/**
 * The state every sign-in form keeps (login, sign-up, password reset): the values, each field's
 * problem, and the banner over the form. A field's problem and the banner go as soon as it is
 * edited; `onEdit` hears which field changed (a new phone number forgets the code sent).
 */
export function useAuthForm<Values extends Record<string, string>>(
  initial: Values,
  onEdit?: (field: keyof Values) => void,
) {
  type Field = keyof Values & string;
  const { t } = useTranslation(['storefront', 'common']);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field, StorefrontKey>>({});
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => void loadAuthForms(), []);

  const edit = (field: Field, value: string) => {
    onEdit?.(field);
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setBanner(null);
  };

  return {
    values,
    banner,
    edit,
    /** Clears the banner (a part of the form outside the fields changed). */
    clearBanner: () => setBanner(null),
    /** Checks the values with the form's schema (`schemaOf` picks it); each field shows its first problem. */
    async check(
      schemaOf: (forms: typeof AuthForms) => z.ZodType,
      wording: FieldWording<Field, StorefrontKey>,
    ): Promise<boolean> {
      const checked = validateWith(schemaOf(await loadAuthForms()), values, wording);
      setErrors(checked.ok ? {} : checked.errors);
      return checked.ok;
    },
    /** The server refused: said over the form and in a toast, in the reader's language. */
    refused(error: unknown, fallbackKey: `storefront:${StorefrontKey}`) {
      const message = apiErrorMessage(error, t, fallbackKey);
      setBanner(message);
      toast.error(message);
    },
    errorOf: (field: Field) => fieldErrorText(t, errors[field]),
    /** A text field's props: its value, its problem and its change handler. */
    field: (name: Field) => ({
      value: values[name],
      error: fieldErrorText(t, errors[name]),
      onChange: (event: ChangeEvent<HTMLInputElement>) => edit(name, event.target.value),
    }),
  };
}
