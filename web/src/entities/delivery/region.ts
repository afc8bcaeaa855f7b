import { useSyncExternalStore } from 'react';
import { DEFAULT_REGION, isRegion, type Region } from '@shop/common';

/*
 * The shopper's region, chosen once (on a product page, in the cart or at checkout) and kept in
 * the `region` cookie for a year, so every screen quotes delivery to the same place.
 */
export const REGION_COOKIE = 'region';
const YEAR_SECONDS = 365 * 24 * 3600;
const listeners = new Set<() => void>();

function readRegion(): Region {
  if (typeof document === 'undefined') return DEFAULT_REGION;
  const match = /(?:^|;\s*)region=([^;]+)/.exec(document.cookie);
  const value = match ? decodeURIComponent(match[1]!) : '';
  return isRegion(value) ? value : DEFAULT_REGION;
}

export function chooseRegion(region: Region): void {
  document.cookie = `${REGION_COOKIE}=${region}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chosen region; the server-rendered page (which reads no cookie) shows the default. */
export function useRegion(): [Region, (region: Region) => void] {
  const region = useSyncExternalStore(subscribe, readRegion, () => DEFAULT_REGION);
  return [region, chooseRegion];
}
