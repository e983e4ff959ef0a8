import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { clientKeys } from './keys';

export function deleteClient({ clientId }: { clientId: string }) {
  return ok(api().DELETE('/clients/{clientId}', { params: { path: { clientId } } }));
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.lists() }) });
}
