import { useState } from 'react';
import { normalizePromoCode } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The promo code the shopper types; "Apply" hands it to the quote, which answers its line or the
 * reason it cannot be used (shown translated under the field).
 */
export function PromoCodeField({
  applied,
  onApply,
  reason,
}: {
  applied: string | undefined;
  onApply: (code: string | undefined) => void;
  reason: string | undefined;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  const [typed, setTyped] = useState(applied ?? '');
  const apply = () => onApply(typed.trim() ? normalizePromoCode(typed) : undefined);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="promo-code" className="text-sm font-medium text-stone-700">
        {t('common:promo.label')}
      </label>
      <div className="flex gap-2">
        <input
          id="promo-code"
          data-testid="promo-code"
          value={typed}
          maxLength={30}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
          className="min-w-0 flex-1 rounded border border-stone-300 px-3 py-2 uppercase"
        />
        <button
          type="button"
          data-testid="promo-apply"
          onClick={apply}
          className="rounded border border-stone-300 px-3 py-2 text-sm"
        >
          {t('common:promo.apply')}
        </button>
      </div>
      {reason && (
        <p role="alert" data-testid="promo-reason" className="text-sm text-red-700">
          {t(`common:promo.reason.${reason as 'unknown'}`)}
        </p>
      )}
    </div>
  );
}
