// Calendar days as the date filters write them (YYYY-MM-DD).

/** YYYY-MM-DD of the viewer's own calendar on that instant. */
export const localDay = (at: Date): string => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** A date input's parser: the typed text when it is a real YYYY-MM-DD day, else null. */
export const isoDate = (input: string): string | null => (/^\d{4}-\d{2}-\d{2}$/.test(input.trim()) && !Number.isNaN(Date.parse(input.trim())) ? input.trim() : null);
