import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { toast } from 'react-toastify';
import { apiErrorMessage } from '../../lib/api-error';
import type { AdminKey } from '../../lib/translate';

/** A staff list that failed to load says so in one toast; its id keeps a retry from stacking another. */
export function useLoadErrorToast(error: unknown, fallbackKey: `admin:${AdminKey}`, toastId: string): void {
  const { t } = useTranslation(['admin', 'common']);
  useEffect(() => {
    if (error) toast.error(apiErrorMessage(error, t, fallbackKey), { toastId });
  }, [error, t, fallbackKey, toastId]);
}
