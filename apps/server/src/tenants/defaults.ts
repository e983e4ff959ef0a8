// What a new tenant gets: the built-in roles (minus the platform's own superadmin), signup flags,
// dial-in/out off, no language of its own, no user limit, and the tenant features of the spec's
// tenant screen with their starting state; the global configuration's 'tenant' section, when saved,
// overrides the flags, the language and the limit.
import { builtInRoles, roleNames } from '../kernel/access/permissions.ts';
import type { TenantRow } from '../kernel/tenancy/tenancy.ts';
import type { Database } from '../kernel/db/types.ts';
import { findSettings } from '../settings/index.ts';
import { isPortalLanguage } from './language.ts';

/**
 * Feature keys of the spec's tenant settings (mobile app, desktop client, third-party and partner apps,
 * games). `neosound` and `slack` are the partner apps' own: on exactly while that app is installed
 * (partner-apps.ts), so a new tenant starts with them off.
 */
export const tenantFeatureKeys = ['mobile_app', 'desktop_client', 'third_party_apps', 'waiting_room_games', 'neosound', 'slack'] as const;

export const defaultFeatures: Readonly<Record<string, boolean>> = {
  mobile_app: true,
  desktop_client: true,
  third_party_apps: false,
  waiting_room_games: false,
  neosound: false,
  slack: false,
};

export const tenantDefaults = {
  roles: roleNames
    .filter((name) => name !== 'superadmin')
    .map((name) => ({ name, description: builtInRoles[name].description, permissions: [...builtInRoles[name].permissions] })),
  signupNormal: true,
  signupSocial: false,
  dialIn: false,
  dialOut: false,
  features: defaultFeatures,
  /** Null: the tenant's portal follows the platform's default language (system settings). */
  defaultLanguage: null as TenantRow['defaultLanguage'],
  /** Null: no limit on the tenant's user accounts. */
  maxUsers: null as number | null,
};

export type TenantDefaults = typeof tenantDefaults;

/**
 * The defaults a new tenant gets now: the global configuration's 'tenant' section (saved on the
 * Tenant configuration screen) over the built-in ones above. The section names the signup flags
 * `showNormalSignup` / `showSocialSignup`; a field it lacks keeps its built-in value. The features
 * are the built-in ones: the section has none. Runs in a platform transaction (only those see
 * platform_settings).
 */
export async function currentTenantDefaults(tx: Database): Promise<TenantDefaults> {
  const saved = (await findSettings(tx, 'tenant'))?.value ?? {};
  const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  const maxUsers = saved.maxUsers;
  return {
    ...tenantDefaults,
    signupNormal: flag(saved.showNormalSignup ?? saved.signupNormal, tenantDefaults.signupNormal),
    signupSocial: flag(saved.showSocialSignup ?? saved.signupSocial, tenantDefaults.signupSocial),
    dialIn: flag(saved.dialIn, tenantDefaults.dialIn),
    dialOut: flag(saved.dialOut, tenantDefaults.dialOut),
    defaultLanguage: isPortalLanguage(saved.defaultLanguage) ? saved.defaultLanguage : tenantDefaults.defaultLanguage,
    maxUsers: typeof maxUsers === 'number' && Number.isInteger(maxUsers) && maxUsers >= 1 ? maxUsers : tenantDefaults.maxUsers,
  };
}
