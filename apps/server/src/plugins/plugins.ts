// The plugins of the Apps screen (issue 14 sections 4-6; spec 'Plugins and apps'): what is on for
// the tenant and for each person. The end-to-end encryption app (`e2ee`) is a tenant-wide switch
// (table tenant_plugins); the speech-analytics service (`neosound`) and the Gmail add-on
// (`gmail-addon`) are each person's own (table user_plugins); Slack keeps its own tables
// (src/slack) and is listed here from them.
import { and, eq } from 'drizzle-orm';
import { tenantPlugins, userPlugins } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';

/** The Apps screen's plugins in the order getPluginsInfo lists them: the third is the transcription plugin (spec). */
export const pluginIds = ['slack', 'gmail-addon', 'neosound', 'e2ee'] as const;
export type PluginId = (typeof pluginIds)[number];

/** Plugins switched for the whole tenant. */
export type TenantPluginId = (typeof tenantPlugins.$inferSelect)['plugin'];
/** Plugins each person switches for themselves. */
export type UserPluginId = (typeof userPlugins.$inferSelect)['plugin'];

/** The Apps screen's people: who may see the plugins and switch their own (neosound, gmail-addon), and authorize the Gmail add-on. */
const appsPermissions = ['apps.slack', 'apps.neosound'] as const;
export const holdsAppsPermission = (permissions: ReadonlySet<string>): boolean => appsPermissions.some((permission) => permissions.has(permission));

export const isTenantPlugin = (plugin: string): plugin is TenantPluginId => plugin === 'e2ee';
export const isUserPlugin = (plugin: string): plugin is UserPluginId => plugin === 'neosound' || plugin === 'gmail-addon';

/**
 * Is the tenant-wide `plugin` on for `tenantId`? Runs inside the caller's transaction (tenant
 * scope or platform scope). No row: off. E2EE: new meetings read it when they are created.
 */
export async function isPluginEnabled(tx: Database, tenantId: string, plugin: TenantPluginId): Promise<boolean> {
  const [row] = await tx
    .select({ enabled: tenantPlugins.enabled })
    .from(tenantPlugins)
    .where(and(eq(tenantPlugins.tenantId, tenantId), eq(tenantPlugins.plugin, plugin)))
    .limit(1);
  return row?.enabled === true;
}

/** The person's own row of `plugin` (enabled or not), or undefined when they never enabled it. */
export async function userPluginRow(tx: Database, tenantId: string, userId: string, plugin: UserPluginId) {
  const [row] = await tx
    .select()
    .from(userPlugins)
    .where(and(eq(userPlugins.tenantId, tenantId), eq(userPlugins.userId, userId), eq(userPlugins.plugin, plugin)))
    .limit(1);
  return row;
}

/** Sets the tenant-wide `plugin` on or off (one row per tenant and plugin). */
export async function setTenantPlugin(tx: Database, tenantId: string, plugin: TenantPluginId, enabled: boolean, updatedBy: string | null): Promise<void> {
  await tx
    .insert(tenantPlugins)
    .values({ tenantId, plugin, enabled, updatedBy })
    .onConflictDoUpdate({ target: [tenantPlugins.tenantId, tenantPlugins.plugin], set: { enabled, updatedBy, updatedAt: new Date() } });
}

/** Sets the person's `plugin` on or off; `accountId` (when given) replaces the stored account. */
export async function setUserPlugin(tx: Database, tenantId: string, userId: string, plugin: UserPluginId, enabled: boolean, accountId?: string | null): Promise<void> {
  const set = accountId === undefined ? { enabled, updatedAt: new Date() } : { enabled, accountId, updatedAt: new Date() };
  await tx
    .insert(userPlugins)
    .values({ tenantId, userId, plugin, enabled, accountId: accountId ?? null })
    .onConflictDoUpdate({ target: [userPlugins.tenantId, userPlugins.userId, userPlugins.plugin], set });
}
