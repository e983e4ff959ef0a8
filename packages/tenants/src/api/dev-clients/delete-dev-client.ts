import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { devClientKeys } from './keys';

export function deleteDevClient({ devClientId }: { devClientId: string }) {
  return ok(api().DELETE('/dev-clients/{devClientId}', { params: { path: { devClientId } } }));
}

export function useDeleteDevClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDevClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: devClientKeys.lists() }) });
}
