// A tenant portal's default language, the one a visitor without a stored choice sees: the tenant's
// own (set by the platform super administrator), else the platform's (the global configuration's
// 'system' section), else English.
import type { AppDatabase } from '../kernel/db/database.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { savedSystemSettings } from '../settings/index.ts';
import type { TenantRow } from '../kernel/tenancy/tenancy.ts';

export type PortalLanguage = Schemas['TenantInfo']['defaultLanguage'];

export const portalLanguages = ['en', 'fr', 'ar', 'uz'] as const satisfies readonly PortalLanguage[];

export const fallbackLanguage: PortalLanguage = 'en';

export const isPortalLanguage = (value: unknown): value is PortalLanguage => (portalLanguages as readonly unknown[]).includes(value);

/** The platform's default language: the saved 'system' section's (kept between reads: settings/system.ts), else English. */
export async function platformDefaultLanguage(database: AppDatabase): Promise<PortalLanguage> {
  const language = (await savedSystemSettings(database)).defaultLanguage;
  return isPortalLanguage(language) ? language : fallbackLanguage;
}

/** The tenant's own default language, else the platform's. */
export async function tenantDefaultLanguage(database: AppDatabase, tenant: Pick<TenantRow, 'defaultLanguage'>): Promise<PortalLanguage> {
  return tenant.defaultLanguage ?? (await platformDefaultLanguage(database));
}
