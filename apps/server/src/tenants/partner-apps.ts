// A tenant's partner apps (spec 'Partner apps (Neosound, Slack)' of the tenant detail and the
// operational dashboard: Install, Uninstall, Remove). Each app of the catalogue is not installed (no
// row), installed, or uninstalled (switched off, its settings kept); Remove deletes the row and so
// its settings. Neosound's API key is sealed with the server's secret box and never answered
// (`hasApiKey` only); an empty key on a change keeps the stored one.
//
// The tenant features `neosound` and `slack` mirror the apps: true exactly while that app is
// installed. They are written here, in the transaction that changes the app, under the tenant row's
// lock; updateTenant and createTenant may not set them to anything else (`withAppFlags`).
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../kernel/audit/record.ts';
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { tenantApps, type PartnerAppSettings } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, notFound, type FieldError } from '../kernel/http/problem.ts';
import { forgetTenant } from '../kernel/tenancy/tenancy.ts';
import { lockTenantRow, updateTenantRow } from './queries.ts';
import type { TenantTarget } from './service.ts';
import { present } from '../kernel/db/present.ts';

type PartnerAppId = Schemas['PartnerAppId'];
type TenantApp = Schemas['TenantApp'];
type AppRow = typeof tenantApps.$inferSelect;
type SettingsInput = Schemas['TenantAppInstall'];
type SettingName = keyof SettingsInput;

/** The catalogue in the order the portal lists it; each id is also the tenant feature it switches on. */
export const partnerApps = ['neosound', 'slack'] as const satisfies readonly PartnerAppId[];

/** The settings each app needs; `apiKey` is the one secret. */
const appSettings: Record<PartnerAppId, readonly SettingName[]> = { neosound: ['apiKey', 'region'], slack: ['teamId', 'command'] };
const settingNames: readonly SettingName[] = ['apiKey', 'region', 'teamId', 'command'];

export const PARTNER_APP_AUDIT_ENTITY = 'tenant.partner_app';

const invalid = (errors: FieldError[]) => new ProblemError(400, 'validation_failed', { errors });

/**
 * `requested` features with the partner-app flags taken from `current` (what the installed apps
 * say). Asking for another value is a 400 on that flag: an app is switched on by installing it.
 */
export function withAppFlags(requested: Record<string, boolean>, current: Record<string, boolean>): Record<string, boolean> {
  const errors: FieldError[] = [];
  const features = { ...requested };
  for (const app of partnerApps) {
    const installed = current[app] === true;
    if (requested[app] !== undefined && requested[app] !== installed) {
      errors.push({ field: `features.${app}`, code: 'app_managed', message: 'Install, uninstall or remove this app in the partner apps instead.' });
    }
    features[app] = installed;
  }
  if (errors.length > 0) throw invalid(errors);
  return features;
}

/** 400 for a setting of another app, and (installing) for a missing one of this app. */
function checkSettings(app: PartnerAppId, input: Partial<Record<SettingName, unknown>>, installing: boolean): void {
  const errors: FieldError[] = [];
  for (const name of settingNames) {
    const own = appSettings[app].includes(name);
    const value = input[name];
    if (!own && value !== undefined) errors.push({ field: name, code: 'invalid_value', message: `Not a setting of ${app}` });
    if (own && installing && (value === undefined || value === '')) errors.push({ field: name, code: 'required' });
  }
  if (errors.length > 0) throw invalid(errors);
}

/** The non-secret settings of `input` that belong to `app`, trimmed. */
function plainSettings(app: PartnerAppId, input: Partial<SettingsInput>): PartnerAppSettings {
  const settings: PartnerAppSettings = {};
  for (const name of appSettings[app]) {
    const value = input[name];
    if (name !== 'apiKey' && value !== undefined) settings[name] = value.trim();
  }
  return settings;
}

function toDto(app: PartnerAppId, row: AppRow | undefined): TenantApp {
  if (!row) return { app, state: 'not_installed', settings: null, installedAt: null, updatedAt: null };
  const settings: Schemas['TenantAppSettings'] = {};
  for (const name of appSettings[app]) {
    if (name === 'apiKey') settings.hasApiKey = row.apiKey !== null;
    else if (name === 'region') settings.region = row.settings.region as Schemas['PartnerAppRegion'];
    else settings[name] = row.settings[name] ?? '';
  }
  return { app, state: row.status, settings, installedAt: row.installedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The audited view: recordAudit masks `apiKey` (sealed or not) by its name. */
const auditView = ({ tenantId: _tenantId, installedAt: _installedAt, updatedAt: _updatedAt, ...rest }: AppRow) => rest;

export async function listApps(target: TenantTarget): Promise<TenantApp[]> {
  const rows = await target.db((tx) => tx.select().from(tenantApps).where(eq(tenantApps.tenantId, target.row.id)));
  return partnerApps.map((app) => toDto(app, rows.find((row) => row.app === app)));
}

/**
 * One change to one app: the tenant row is locked first (so concurrent changes of its apps and its
 * features run one after the other), the app read, changed by `work` (null: removed), and the
 * feature flag set to what the app now is. The cached tenant is dropped afterwards.
 */
async function changeApp(database: AppDatabase, target: TenantTarget, app: PartnerAppId, work: (tx: Database, before: AppRow | undefined) => Promise<AppRow | null>): Promise<TenantApp> {
  const { sname, after } = await target.db(async (tx) => {
    const tenant = await lockTenantRow(tx, target.row.id);
    if (!tenant) throw notFound();
    const [before] = await tx
      .select()
      .from(tenantApps)
      .where(and(eq(tenantApps.tenantId, tenant.id), eq(tenantApps.app, app)))
      .limit(1);
    const after = await work(tx, before);
    const installed = after?.status === 'installed';
    if ((tenant.features[app] === true) !== installed) await updateTenantRow(tx, tenant.id, { features: { ...tenant.features, [app]: installed } });
    return { sname: tenant.sname, after };
  });
  forgetTenant(database, sname);
  return toDto(app, after ?? undefined);
}

const whereApp = (tenantId: string, app: PartnerAppId) => and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.app, app));

export async function installApp(database: AppDatabase, target: TenantTarget, secrets: SecretBox, app: PartnerAppId, input: SettingsInput): Promise<TenantApp> {
  checkSettings(app, input, true);
  return changeApp(database, target, app, async (tx, before) => {
    if (before) throw new ProblemError(409, 'app_installed', { detail: 'This app is already installed or uninstalled with its settings; change it instead.' });
    const [created] = await tx
      .insert(tenantApps)
      .values({ tenantId: target.row.id, app, status: 'installed', settings: plainSettings(app, input), apiKey: input.apiKey ? secrets.seal(input.apiKey) : null })
      .returning();
    await recordAudit(tx, target.audit, { action: 'create', entity: PARTNER_APP_AUDIT_ENTITY, entityId: app, after: auditView(present(created, 'created')) });
    return present(created, 'created');
  });
}

export async function updateApp(database: AppDatabase, target: TenantTarget, secrets: SecretBox, app: PartnerAppId, patch: Schemas['TenantAppUpdate']): Promise<TenantApp> {
  const { state, ...settings } = patch;
  checkSettings(app, settings, false);
  return changeApp(database, target, app, async (tx, before) => {
    if (!before) throw notFound();
    const changes: Partial<AppRow> = { settings: { ...before.settings, ...plainSettings(app, settings) }, updatedAt: new Date() };
    if (state !== undefined) changes.status = state;
    // Empty keeps the stored key: the form never shows it, so saving the form unchanged sends none.
    if (settings.apiKey) changes.apiKey = secrets.seal(settings.apiKey);
    const [after] = await tx.update(tenantApps).set(changes).where(whereApp(target.row.id, app)).returning();
    await recordAudit(tx, target.audit, { action: 'update', entity: PARTNER_APP_AUDIT_ENTITY, entityId: app, before: auditView(before), after: auditView(present(after, 'after')) });
    return present(after, 'after');
  });
}

export async function removeApp(database: AppDatabase, target: TenantTarget, app: PartnerAppId): Promise<void> {
  await changeApp(database, target, app, async (tx, before) => {
    if (!before) throw notFound();
    await tx.delete(tenantApps).where(whereApp(target.row.id, app));
    await recordAudit(tx, target.audit, { action: 'delete', entity: PARTNER_APP_AUDIT_ENTITY, entityId: app, before: auditView(before) });
    return null;
  });
}
