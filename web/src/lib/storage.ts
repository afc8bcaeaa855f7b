/** localStorage access that never throws (private mode, quota, disabled storage). */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the app keeps working for this visit.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * False on a server-rendered page until the browser has read localStorage (the app's store keeps
 * the flag): a page that shows stored things waits for it instead of showing the server's empty ones.
 */
export const selectRestored = (state: { storage: { restored: boolean } }) => state.storage.restored;
