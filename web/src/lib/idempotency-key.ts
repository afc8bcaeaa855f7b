import { useRef } from 'react';

/** 32 hex characters; `crypto.getRandomValues` also works on a plain-http shop (randomUUID does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One `Idempotency-Key` per attempt to send a request: the same request sent again (after an
 * answer that never arrived) reuses the key, so the server answers with what the first one did
 * instead of doing it twice; a changed request, or any request after `done()`, gets a new key.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ request: string; key: string } | null>(null);
  return {
    keyFor(request: unknown): string {
      const text = JSON.stringify(request);
      if (attempt.current?.request !== text) attempt.current = { request: text, key: newIdempotencyKey() };
      return attempt.current.key;
    },
    done(): void {
      attempt.current = null;
    },
  };
}
