import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { PluginId, PluginInfo } from './get-plugins-info';
import { pluginKeys } from './keys';

export function disablePlugin({ plugin }: { plugin: PluginId }): Promise<PluginInfo> {
  return ok(api().POST('/apps/plugins/disable', { body: { plugin } }));
}

/** Switches a plugin off (disablePlugin). */
export function useDisablePlugin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: disablePlugin, onSuccess: () => client.invalidateQueries({ queryKey: pluginKeys.all }) });
}
