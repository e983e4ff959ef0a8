import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import type { PluginInfo } from './get-plugins-info';
import { pluginKeys } from './keys';

export function createNeosoundAccount(): Promise<PluginInfo> {
  return ok(api().POST('/apps/neosound/account'));
}

/** Enables the transcription plugin: the person's Neosound account is made the first time (createNeosoundAccount); the screen says what went wrong with Neosound itself. */
export function useCreateNeosoundAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createNeosoundAccount, onSuccess: () => client.invalidateQueries({ queryKey: pluginKeys.all }), meta: OWN_ERROR_NOTICE });
}
