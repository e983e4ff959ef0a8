import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { clientKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type MediaClientUpdate = Schema<'MediaClientUpdate'>;
export type UpdateClientInput = { clientId: string; changes: MediaClientUpdate };

export function updateClient({ clientId, changes }: UpdateClientInput) {
  return ok(api().PATCH('/clients/{clientId}', { params: { path: { clientId } }, body: changes }));
}

/** Edits a media client; an ICE server sent without a credential keeps its stored one. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: updateClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.lists() }) });
}
