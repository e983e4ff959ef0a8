/**
 * The countries a phone number can be registered for: the server's calling-code table
 * (apps/server/src/dids/calling-codes.ts) decides plausibility; this list only fills the picker.
 */
export const PHONE_COUNTRIES = [
  'AE', 'AR', 'AT', 'AU', 'BE', 'BR', 'CA', 'CH', 'CN', 'DE', 'DK', 'DZ', 'EG', 'ES', 'FI', 'FR', 'GB', 'IE', 'IN', 'IT', 'JP', 'KE',
  'KR', 'KZ', 'MA', 'MX', 'NG', 'NL', 'NO', 'NZ', 'PK', 'PL', 'PT', 'QA', 'RU', 'SA', 'SE', 'SG', 'TN', 'TR', 'US', 'UZ', 'ZA',
] as const;

/** A country's name in the reader's language, falling back to its code. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

// The contract's DidNumber pattern: '+', then up to 15 digits not starting with 0.
const e164 = /^\+[1-9]\d{6,14}$/;

export const isE164 = (value: string) => e164.test(value.trim());
