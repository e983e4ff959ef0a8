/** One row of the before/after comparison of an audit entry. */
export type DiffRow = { key: string; before: string; after: string; changed: boolean };

const show = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The top-level keys of `before` and `after`, in first-seen order, each with both values as text
 * and whether it changed. A value that is not an object is compared as one row named `value`.
 */
export function diffEntry(before: unknown, after: unknown): DiffRow[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before == null && after == null) return [];
    return [{ key: 'value', before: show(before), after: show(after), changed: show(before) !== show(after) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.map((key) => {
    const beforeText = show(b?.[key]);
    const afterText = show(a?.[key]);
    return { key, before: beforeText, after: afterText, changed: beforeText !== afterText };
  });
}
