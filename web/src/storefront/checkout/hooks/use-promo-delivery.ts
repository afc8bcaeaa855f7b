import { useEffect, useState } from 'react';
import { apiErrorCode, apiErrorReason } from '../../../lib/api-error';
import { useCheckoutDelivery } from './use-checkout-delivery';

type Lines = Parameters<typeof useCheckoutDelivery>[0];

/**
 * The checkout's delivery, priced with the promo code the shopper applied. A code the quote (or
 * the order) refused is dropped and its reason kept to show; the quote is then asked again without it.
 */
export function usePromoDelivery(lines: Lines) {
  const [code, setCode] = useState<string>();
  const [reason, setReason] = useState<string>();
  const delivery = useCheckoutDelivery(lines, code);
  useEffect(() => {
    if (apiErrorCode(delivery.quoteError) !== 'PROMO_CODE_INVALID') return;
    setReason(apiErrorReason(delivery.quoteError) ?? 'unknown');
    setCode(undefined);
  }, [delivery.quoteError]);
  const apply = (typed: string | undefined) => {
    setReason(undefined);
    setCode(typed);
  };
  /** The order refused the code: it is dropped as the quote's refusal drops it. */
  const refuse = (why: string) => {
    setReason(why);
    setCode(undefined);
  };
  return { delivery, promo: { code, reason, apply, refuse } };
}
