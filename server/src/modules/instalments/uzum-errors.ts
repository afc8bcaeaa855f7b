import { AppError, conflict, notFound } from '../../plugins/errors.js';
import { CONTRACT_CODE_TRIES } from './contract-ledger.js';
import { UzumRefused, UzumUnavailable } from './uzum-client.js';

/*
 * What the shopper is answered when Uzum Nasiya is away or says no: an outage (no answer, a 5xx,
 * the connection cut, Uzum limiting the shop) is "unavailable, try later"; a refusal Uzum gives
 * with its reason (a 4xx) is Uzum's refusal, its words passed on, and the other methods remain.
 */

export const instalmentsOff = () => notFound('NOT_FOUND', 'Instalments are not offered by this shop');
export const noCodeAwaited = () =>
  conflict('PAYMENT_PENDING', 'No instalment contract of this order waits for a code');
export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');
export const codeLocked = () =>
  conflict(
    'INSTALMENT_CODE_LOCKED',
    `The contract's code was wrong ${CONTRACT_CODE_TRIES} times: the contract is cancelled. Choose another way to pay.`,
  );
export const uzumUnavailable = () =>
  new AppError(
    503,
    'INSTALMENTS_UNAVAILABLE',
    'Instalments are unavailable right now. Try again in a few minutes, or choose another way to pay.',
  );

/** Uzum's refusal, with its own words for the page to show under the shop's sentence. */
export function uzumRefusal(error: UzumRefused): AppError {
  const refusal = conflict('INSTALMENT_REFUSED', `Uzum Nasiya refused: ${error.reason}`);
  refusal.providerReason = error.reason;
  return refusal;
}

/** Runs a call to Uzum; Uzum being away is the shopper's 503, never a stuck request; its refusal a 409. */
export async function uzum<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UzumUnavailable) throw uzumUnavailable();
    if (error instanceof UzumRefused) throw uzumRefusal(error);
    throw error;
  }
}
