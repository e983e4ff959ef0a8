import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { useCan } from '@portal/auth';
import { neosoundKeys } from './keys';

type PluginInfo = Schema<'PluginInfo'>;

export function getPluginsInfo(): Promise<PluginInfo[]> {
  return ok(api().POST('/apps/plugins/info'));
}

const pluginsQuery = () => queryOptions({ queryKey: neosoundKeys.plugins(), queryFn: getPluginsInfo, retry: false });

/** Whether the signed-in person has the transcription plugin (Neosound) on (getPluginsInfo); false while unknown. */
export function useNeosoundEnabled(): boolean {
  const allowed = useCan('apps.neosound');
  const plugins = useQuery({ ...pluginsQuery(), enabled: allowed });
  const neosound = plugins.data?.find((entry) => entry.plugin === 'neosound');
  return allowed && neosound?.available === true && neosound.enabled;
}
