import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { devClientKeys } from './dev-client-keys';

export type DevClientCreate = Schema<'DevClientCreate'>;

/** Answers the client and its secret, which the server shows this once. */
export function putDevClient(body: DevClientCreate) {
  return ok(api().POST('/dev-clients', { body }));
}

export function usePutDevClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putDevClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: devClientKeys.lists() }) });
}
