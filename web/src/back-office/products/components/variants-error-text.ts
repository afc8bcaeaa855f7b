import { useTranslation } from '../../../lib/use-translation';
import { fieldErrorText } from '../../../lib/form-errors';
import type { VariantsError } from '../lib/variant-errors';

/** The words of a variant editor problem in the reader's language. */
export function useVariantsErrorText(): (error: VariantsError | undefined) => string | undefined {
  const { t } = useTranslation(['admin', 'common']);
  return (error) => fieldErrorText(t, error);
}
