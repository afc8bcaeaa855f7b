import { createContext, useContext } from 'react';
import type { SiteInfo } from '@shop/common';

/** The shop's public address and name, from the server's configuration (decision 010). */
export const SiteContext = createContext<SiteInfo>({
  publicUrl: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
  shopName: 'Mebel Shop',
});

export const useSite = () => useContext(SiteContext);

/** `/uploads/…` → `https://mebel.uz/uploads/…`; absolute URLs stay as they are. */
export function absoluteUrl(site: SiteInfo, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${site.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
