import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** A file the server sent, held as an object URL until the browser has saved it. */
export interface SavedFile {
  url: string;
  fileName: string;
}

/**
 * The body of a file download: the file itself, or the JSON error answer (`{message, code}`) when
 * the server refused, so that RTK Query reports it like any other error.
 */
export const fileOrError = (response: Response): Promise<unknown> =>
  response.ok ? response.blob() : response.json().catch(() => null);

/**
 * The blob becomes an object URL here, so the store only ever holds a string; the name is the one
 * the server gave in Content-Disposition, or `fallbackName`.
 */
export function savedFile(blob: Blob, meta: FetchBaseQueryMeta | undefined, fallbackName: string): SavedFile {
  const disposition = meta?.response?.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { url: URL.createObjectURL(blob), fileName };
}

/** Saves the file through a link click (the staff token goes in a header, so a plain link cannot). */
export function saveFile({ url, fileName }: SavedFile): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving by now; the URL is released a little later to be safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
