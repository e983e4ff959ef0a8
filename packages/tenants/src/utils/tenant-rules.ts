import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
// The tenant form's own checks, mirroring the server (apps/server/src/tenants/subdomain.ts): a
// subdomain is a lower-case DNS label of 2–63 characters and not a name the platform keeps.
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'system', 'www', 'api', 'portal', 'admin', 'app', 'auth', 'login', 'mail', 'smtp', 'static', 'assets', 'cdn', 'docs', 'status', 'localhost',
]);

export function isValidSubdomain(value: string): boolean {
  return label.test(value) && !RESERVED_SUBDOMAINS.has(value);
}

/** A subdomain suggested from the tenant name: "Zeta Inc." → "zeta-inc". */
export function suggestSubdomain(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export const TENANT_NAME_MAX_LENGTH = 100;

/** The contract's bounds of a tenant's user limit (`TenantMaxUsers`); no limit at all is null. */
export const TENANT_MAX_USERS = { min: 1, max: 100_000 } as const;

/** A form's user-limit input (Mantine NumberInput: a number, or '' when empty) is valid when empty (unlimited) or a whole number in bounds. */
export function isValidMaxUsers(value: number | string): boolean {
  if (value === '') return true;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= TENANT_MAX_USERS.min && n <= TENANT_MAX_USERS.max;
}

/** The user limit to send: null (unlimited) for an empty input. */
export function maxUsersValue(value: number | string): number | null {
  return value === '' ? null : Number(value);
}

/** The portal's languages as the administration screens offer them (a tenant's, the platform's default). */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ value: 'en' | 'fr' | 'ar' | 'uz'; label: MessageDescriptor }> = [
  { value: 'en', label: msg`English` },
  { value: 'fr', label: msg`French` },
  { value: 'ar', label: msg`Arabic` },
  { value: 'uz', label: msg`Uzbek` },
];

/** The select's choice that stands for "no language of its own" (the contract's null). */
export const PLATFORM_LANGUAGE = 'platform';

export type TenantLanguageChoice = 'en' | 'fr' | 'ar' | 'uz' | typeof PLATFORM_LANGUAGE;

export function languageChoice(language: 'en' | 'fr' | 'ar' | 'uz' | null | undefined): TenantLanguageChoice {
  return language ?? PLATFORM_LANGUAGE;
}

export function languageValue(choice: TenantLanguageChoice): 'en' | 'fr' | 'ar' | 'uz' | null {
  return choice === PLATFORM_LANGUAGE ? null : choice;
}

/** The tenant features the partner apps switch (openapi/portal.yaml PartnerAppId): installing Neosound or Slack turns its flag on. */
const PARTNER_APP_FEATURES: readonly string[] = ['neosound', 'slack'];

/** `features` without the partner apps' flags, which only the apps themselves switch (the server keeps them). */
export function withoutPartnerAppFlags(features: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(features).filter(([key]) => !PARTNER_APP_FEATURES.includes(key)));
}
