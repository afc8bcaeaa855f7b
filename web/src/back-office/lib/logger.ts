/** Silent failures (dashboard figures that fail to load are only logged, docs/decisions/007). Tests fail on console.error, so warn. */
export const logger = {
  warn(message: string, detail?: unknown): void {
    console.warn(`[admin] ${message}`, detail ?? '');
  },
};
