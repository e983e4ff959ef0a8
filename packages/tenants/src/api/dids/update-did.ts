import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { didKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type DidUpdate = Schema<'DidUpdate'>;
export type UpdateDidInput = { didId: string; changes: DidUpdate };

export function updateDid({ didId, changes }: UpdateDidInput) {
  return ok(api().PATCH('/dids/{didId}', { params: { path: { didId } }, body: changes }));
}

export function useUpdateDid() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: updateDid, onSuccess: () => queryClient.invalidateQueries({ queryKey: didKeys.lists() }) });
}
