import { useCallback } from 'react';
import type { ConsentInput, PrivacyDocument } from '@shop/common';
import { apiErrorCode } from '../../lib/api-error';
import { useGetPrivacyQuery } from './privacy-api';

export interface Consent {
  /** The privacy text the form shows; undefined until it has loaded (or when it could not). */
  document: PrivacyDocument | undefined;
  /**
   * What the request carries: the yes and the version of the text shown, once the text is shown.
   * Before that, nothing: the server then records no consent rather than one never shown.
   */
  fields: ConsentInput;
  /** A refused request: a CONSENT_REQUIRED means the text changed meanwhile, so it is read again. */
  onRefused: (error: unknown) => void;
}

/** The consent a form asks for by showing the privacy text near its submit button. */
export function useConsent(): Consent {
  const { data: document, refetch } = useGetPrivacyQuery();
  const onRefused = useCallback(
    (error: unknown) => {
      if (apiErrorCode(error) === 'CONSENT_REQUIRED') void refetch();
    },
    [refetch],
  );
  return {
    document,
    fields: document ? { consent: true, consentVersion: document.version } : {},
    onRefused,
  };
}
