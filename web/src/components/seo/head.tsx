import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The storefront runs on Preact (decision 027), which renders `<title>`, `<meta>` and `<link>` where
 * they stand, unlike React 19, which moves them into `<head>`. A page's head tags therefore go
 * through `Head`: on the server into this list, which the document writes into `<head>` between
 * the markers below; in the browser into `<head>` itself (a portal), replaced on every navigation.
 */
export const HeadTagsContext = createContext<ReactNode[] | null>(null);

/** The comments around the page's own tags in the server's `<head>` (app/document.tsx). */
export const HEAD_START = 'page-head';
export const HEAD_END = '/page-head';

/** Puts its children (title, meta and link elements) in the document's `<head>`. */
export function Head({ children }: { children: ReactNode }) {
  const collected = useContext(HeadTagsContext);
  if (collected) {
    collected.push(children);
    return null;
  }
  if (typeof document === 'undefined') return null;
  return createPortal(children, document.head);
}

/**
 * Takes the server's page tags out of `<head>` before the app hydrates: hydration does not claim a
 * portal's nodes, so `Head` writes them again, and they would otherwise be there twice.
 */
export function removeServerHeadTags(head: HTMLHeadElement = document.head): void {
  const start = [...head.childNodes].find(
    (node) => node.nodeType === Node.COMMENT_NODE && node.nodeValue === HEAD_START,
  );
  for (let node = start?.nextSibling; node;) {
    const next = node.nextSibling;
    const end = node.nodeType === Node.COMMENT_NODE && node.nodeValue === HEAD_END;
    node.remove();
    if (end) break;
    node = next;
  }
  start?.remove();
}
