/**
 * JSON bodies the server reads (docs/decisions/019-abuse-limits.md). Every route takes at most
 * `json`: an anonymous client cannot make the server parse a megabyte (a deeply nested one blocked
 * the event loop for about a second). Uploads are multipart streams with their own limits.
 */
export const BODY_LIMITS = {
  json: 64 * 1024,
  /**
   * A product written as JSON by staff (signed in, checked before the body is read): three
   * languages of 5 000-character descriptions may exceed 64 KB when a client escapes non-ASCII.
   */
  staffProduct: 1024 * 1024,
} as const;
