// The fixed choices of the profile's preferences. Languages and formats come from the contract's
// enums (so the portal offers exactly these); time zones are the IANA names this server knows.
import type { Schemas } from '../kernel/http/api.ts';

export type ProfileLanguage = NonNullable<Schemas['ProfileLanguage']>;
export type DateFormat = NonNullable<Schemas['DateFormat']>;
export type TimeFormat = NonNullable<Schemas['TimeFormat']>;

export const profileLanguages = ['en', 'fr', 'ar', 'uz'] as const satisfies readonly ProfileLanguage[];

let zones: Set<string> | undefined;

/** `UTC` is accepted besides the list, which names only geographic zones. */
export function isKnownTimeZone(value: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return zones.has(value);
}
