import { fakeCurrentUser, installFakeApi, json, noContent, type FakeRoutes } from '@portal/auth/testing';
import type { PluginInfo } from '../../api/plugins/get-plugins-info';

export const slackStatus = { available: true, enabled: true, teamId: 'T0ACME0001', command: '/acme-meet', workspaceInstalled: false, linked: false, ownInstall: false };

/** getPluginsInfo as a member of a tenant with Neosound installed sees it, nothing on yet. */
export function fakePlugins(overrides: Partial<Record<PluginInfo['plugin'], Partial<PluginInfo>>> = {}): PluginInfo[] {
  const base: PluginInfo[] = [
    { plugin: 'slack', scope: 'user', available: true, enabled: false, canManage: true, hasAccount: false },
    { plugin: 'gmail-addon', scope: 'user', available: true, enabled: false, canManage: true, hasAccount: false },
    { plugin: 'neosound', scope: 'user', available: true, enabled: false, canManage: true, hasAccount: false },
    { plugin: 'e2ee', scope: 'tenant', available: true, enabled: false, canManage: false, hasAccount: false },
  ];
  return base.map((entry) => ({ ...entry, ...overrides[entry.plugin] }));
}

/**
 * A stateful fake of the Apps screen's calls: enabling and disabling change what getPluginsInfo
 * answers next, as the server does. `calls` lists what was asked.
 */
export function installFakeApps(options: { role?: string; plugins?: PluginInfo[]; extra?: FakeRoutes } = {}) {
  let plugins = options.plugins ?? fakePlugins();
  const set = (plugin: string, change: Partial<PluginInfo>) => {
    plugins = plugins.map((entry) => (entry.plugin === plugin ? { ...entry, ...change } : entry));
    return plugins.find((entry) => entry.plugin === plugin)!;
  };
  return installFakeApi({
    getCurrentUser: json({ ...fakeCurrentUser(), role: options.role ?? 'member' }),
    getPluginsInfo: () => json(plugins),
    enablePlugin: async (request) => json(set(((await request.json()) as { plugin: string }).plugin, { enabled: true })),
    disablePlugin: async (request) => json(set(((await request.json()) as { plugin: string }).plugin, { enabled: false })),
    createNeosoundAccount: () => json(set('neosound', { enabled: true, hasAccount: true })),
    neosoundLogin: json({ url: 'https://app.neosound.test/login/1' }),
    getSlackStatus: json(slackStatus),
    slackInstallUrl: json({ url: 'https://slack.test/oauth?state=1' }),
    deleteSlackUser: noContent(),
    ...options.extra,
  });
}
