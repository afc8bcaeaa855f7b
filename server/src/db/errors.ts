const UNIQUE_VIOLATION = '23505';

/** A unique index refused the write (PostgreSQL's code; Drizzle may wrap the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === UNIQUE_VIOLATION || e.cause?.code === UNIQUE_VIOLATION;
}
