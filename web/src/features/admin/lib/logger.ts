/** Silent failures (spec §8: dashboard stats are only logged). Tests fail on console.error, so warn. */
export const logger = {
  warn(message: string, detail?: unknown): void {
    console.warn(`[admin] ${message}`, detail ?? '');
  },
};
