/**
 * A value the code knows is there: a row just written with RETURNING or read back in the same
 * transaction, an entry of a map built from the same list, drizzle's `and()`/`or()` of given
 * conditions. Returns it, or throws naming what was missing, where a non-null assertion (`!`,
 * forbidden by the lint) would have let `undefined` through to fail somewhere later.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} to be present`);
  return value;
}
