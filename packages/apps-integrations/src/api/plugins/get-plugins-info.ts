import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { pluginKeys } from './keys';

export type PluginInfo = Schema<'PluginInfo'>;
export type PluginId = Schema<'PluginId'>;

export function getPluginsInfo(): Promise<PluginInfo[]> {
  return ok(api().POST('/apps/plugins/info'));
}

export const pluginsInfoQuery = () => queryOptions({ queryKey: pluginKeys.info(), queryFn: getPluginsInfo });

/** The Apps screen's plugins as the signed-in person sees them (getPluginsInfo). */
export function usePluginsInfo() {
  return useQuery(pluginsInfoQuery());
}

/** One plugin's entry of the list, if listed. */
export const pluginOf = (plugins: readonly PluginInfo[] | undefined, plugin: PluginId) => plugins?.find((entry) => entry.plugin === plugin);
