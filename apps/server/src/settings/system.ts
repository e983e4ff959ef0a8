// The saved 'system' section of the global configuration as the rest of the server uses it: the
// portal's public URL (mail links and sign-in URLs when PUBLIC_URL is not set, mail/link-origin.ts),
// the support address and maintenance mode (getTenantInfo, getHealth, the request gate in
// app/routes.ts), the platform's default language (tenants/language.ts), the CORS origins
// (app/cors.ts) and the app download links (getTenantInfo, for the launch page).
//
// The gate reads it on every request at a tenant, so the answer is kept in this process, and a save
// in this process forgets it at once (`forgetSystemSettings`, settings/service.ts, the only writer
// of the section):
// - PGlite, whose data directory admits this process alone: every save is one of those, so the
//   answer stays until the next save (a minute at most). It is not the process cache that every
//   API write drops: that made the gate read it again after any write, about a transaction in four
//   of a write-heavy load (bench:sustained).
// - PostgreSQL, where other replicas save too: for `sharedCacheMs`; other replicas apply a save
//   within that time, as they do a changed tenant (kernel/tenancy/tenancy.ts).
import type { AppDatabase } from '../kernel/db/database.ts';
import { createProcessCache, type ProcessCache } from '../kernel/db/process-cache.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { systemRealm } from '../kernel/tenancy/tenancy.ts';
import { findSettings } from './queries.ts';

export type SavedSystemSettings = {
  /** The saved public URL's origin (scheme, host, port), or null when none is saved. */
  publicUrl: string | null;
  supportEmail: string | null;
  /** Unchecked: tenants/language.ts decides whether it is a portal language. */
  defaultLanguage: unknown;
  maintenanceMode: boolean;
  /** Origins whose pages may call the API with the user's session (app/cors.ts), besides PORTAL_CORS_ORIGINS. */
  corsOrigins: readonly string[];
  /** Where the apps are downloaded (the launch page's app downloads), each null when none is saved. */
  appLinks: AppLinks;
};

export type AppLinks = { windows: string | null; mac: string | null; android: string | null; ios: string | null };

export const sharedCacheMs = 5_000;
/** PGlite: only a save here changes the section, and it forgets the answer; the bound is a safety net. */
const soleWriterCacheMs = 60_000;

const sharedCaches = new WeakMap<AppDatabase, ProcessCache<SavedSystemSettings>>();

function originOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** A saved download link: an http(s) URL (the contract checked it on save), else none. */
function linkOf(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
}

/** The saved list's origins; the contract's pattern already refused anything else on save. */
function listedOrigins(value: string): string[] {
  return value.split(',').flatMap((part) => originOf(part.trim()) ?? []);
}

async function load(database: AppDatabase): Promise<SavedSystemSettings> {
  const row = await database.withPlatform((tx) => findSettings(tx, 'system'));
  const value = row?.value ?? {};
  return {
    publicUrl: originOf(value.publicUrl),
    supportEmail: typeof value.supportEmail === 'string' && value.supportEmail !== '' ? value.supportEmail : null,
    defaultLanguage: value.defaultLanguage ?? null,
    maintenanceMode: value.maintenanceMode === true,
    corsOrigins: typeof value.corsOrigins === 'string' ? listedOrigins(value.corsOrigins) : [],
    appLinks: { windows: linkOf(value.windowsAppUrl), mac: linkOf(value.macAppUrl), android: linkOf(value.androidAppUrl), ios: linkOf(value.iosAppUrl) },
  };
}

/** The saved system section (every field empty or off until it is first saved). */
export async function savedSystemSettings(database: AppDatabase): Promise<SavedSystemSettings> {
  let cache = sharedCaches.get(database);
  if (!cache) sharedCaches.set(database, (cache = createProcessCache<SavedSystemSettings>(1)));
  const hit = cache.get('system');
  if (hit) return hit;
  const generation = cache.generation();
  const value = await load(database);
  cache.set('system', value, generation, Date.now() + (database.kind === 'postgres' ? sharedCacheMs : soleWriterCacheMs));
  return value;
}

/** After a save in this process: the next read goes to the database. */
export function forgetSystemSettings(database: AppDatabase): void {
  sharedCaches.get(database)?.clear();
}

/** Whether maintenance mode is on (getHealth says so). */
export async function maintenanceMode(database: AppDatabase): Promise<boolean> {
  return (await savedSystemSettings(database)).maintenanceMode;
}

/** Whether maintenance mode closes tenant `sname`'s portal: on, only the `system` realm, the platform super administrator's, stays open. */
export const closedByMaintenance = (settings: Pick<SavedSystemSettings, 'maintenanceMode'>, sname: string): boolean =>
  settings.maintenanceMode && sname !== systemRealm;

/** `closedByMaintenance` with the saved settings; `system` reads nothing. */
export async function tenantClosedForMaintenance(database: AppDatabase, sname: string): Promise<boolean> {
  return sname !== systemRealm && closedByMaintenance(await savedSystemSettings(database), sname);
}

/** The answer of every closed call: the portal maps `maintenance` to its translated notice. */
export const maintenanceProblem = () =>
  new ProblemError(503, 'maintenance', { detail: 'The portal is down for maintenance; only the platform super administrator can sign in' });
