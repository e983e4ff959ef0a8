// What a new tenant gets: the built-in roles (minus the platform's own superadmin), signup flags,
// dial-in/out off, and the tenant features of the spec's tenant screen with their starting state.
import { builtInRoles, roleNames } from '../auth/permissions.ts';

/** Feature keys of the spec's tenant settings (mobile app, desktop client, third-party and partner apps, games). */
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
};
