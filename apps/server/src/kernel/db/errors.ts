// What a failed statement says, whichever driver (PGlite or postgres.js) raised it.

/** The SQLSTATE of a database error; Drizzle wraps the driver's error, which holds it, in `cause`. */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

const uniqueViolation = '23505';

/** PostgreSQL's unique_violation: a value a unique index already holds (often taken by a concurrent request). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === uniqueViolation;
