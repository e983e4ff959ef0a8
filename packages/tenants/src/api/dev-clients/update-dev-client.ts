import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { devClientKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type DevClientUpdate = Schema<'DevClientUpdate'>;
export type UpdateDevClientInput = { devClientId: string; changes: DevClientUpdate };

/** With `regenerateSecret` the answer carries the new secret, once. */
export function updateDevClient({ devClientId, changes }: UpdateDevClientInput) {
  return ok(api().PATCH('/dev-clients/{devClientId}', { params: { path: { devClientId } }, body: changes }));
}

export function useUpdateDevClient() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: updateDevClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: devClientKeys.lists() }) });
}
