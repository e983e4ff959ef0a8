import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { PluginId, PluginInfo } from './get-plugins-info';
import { pluginKeys } from './keys';

export function enablePlugin({ plugin }: { plugin: PluginId }): Promise<PluginInfo> {
  return ok(api().POST('/apps/plugins/enable', { body: { plugin } }));
}

/** Switches a plugin on: the tenant's E2EE app, or one's own Neosound or Gmail add-on again (enablePlugin). */
export function useEnablePlugin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: enablePlugin, onSuccess: () => client.invalidateQueries({ queryKey: pluginKeys.all }) });
}
