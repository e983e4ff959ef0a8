import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { didKeys } from './keys';

export function deleteDid({ didId }: { didId: string }) {
  return ok(api().DELETE('/dids/{didId}', { params: { path: { didId } } }));
}

export function useDeleteDid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDid, onSuccess: () => queryClient.invalidateQueries({ queryKey: didKeys.lists() }) });
}
