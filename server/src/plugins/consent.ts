import { consentOf, type ConsentInput } from '@shop/common';
import type { ConsentRecord } from '../db/columns.js';
import { AppError } from './errors.js';

/**
 * The consent a form gave, to keep with what it creates; null from a client that does not ask for
 * consent (one written to the first API). A version sent without a yes, or of a text changed since,
 * is refused: nothing is created on a consent the shopper did not give to the text in force.
 */
export function recordedConsent(
  input: ConsentInput,
  currentVersion: string,
  address: string,
): ConsentRecord | null {
  const consent = consentOf(input, currentVersion);
  if (consent.kind === 'none') return null;
  if (consent.kind === 'refused') {
    throw new AppError(400, 'CONSENT_REQUIRED', 'Agree to the processing of your personal data to go on');
  }
  if (consent.kind !== 'given') {
    throw new AppError(400, 'CONSENT_REQUIRED', 'The privacy text has changed: read it again and agree');
  }
  return { version: consent.version, at: new Date().toISOString(), address };
}

/** What staff see of a kept consent. */
export const consentView = (record: ConsentRecord | null | undefined) =>
  record ? { version: record.version, at: record.at } : null;
