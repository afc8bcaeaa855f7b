import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEBOUNCE_MS } from '@shop/common';
import {
  DEFAULT_LISTING,
  parseListingParams,
  sameFilters,
  toSearchParams,
  type ListingParams,
} from '../lib/listing-params';

export type FilterPatch = Partial<Omit<ListingParams, 'page'>>;

/**
 * The listing's filters live in the URL (back/forward and shared links work); the sidebar edits
 * a draft that is written to the URL after a 500 ms pause, resetting the page to 1.
 */
export function useListingFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlKey = searchParams.toString();
  const applied = useMemo(() => parseListingParams(new URLSearchParams(urlKey)), [urlKey]);
  const [draft, setDraft] = useState<ListingParams>(applied);
  const [syncedKey, setSyncedKey] = useState(urlKey);
  const timer = useRef<number | undefined>(undefined);

  // The URL changed (our own write, back/forward, a link): take it unless it matches the draft.
  if (syncedKey !== urlKey) {
    setSyncedKey(urlKey);
    if (!sameFilters(applied, draft)) setDraft(applied);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    // A navigation that changed the filters cancels a pending write of older ones.
    window.clearTimeout(timer.current);
  }, [urlKey]);

  const update = useCallback(
    (patch: FilterPatch) => {
      setDraft((previous) => {
        const next = { ...previous, ...patch, page: 1 };
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setSearchParams(toSearchParams(next)), DEBOUNCE_MS);
        return next;
      });
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (page: number) => setSearchParams(toSearchParams({ ...applied, page })),
    [applied, setSearchParams],
  );

  const reset = useCallback(() => {
    window.clearTimeout(timer.current);
    setDraft(DEFAULT_LISTING);
    setSearchParams(new URLSearchParams());
  }, [setSearchParams]);

  return { applied, draft, update, setPage, reset };
}
