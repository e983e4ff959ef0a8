import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { devClientKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type DevClientCreate = Schema<'DevClientCreate'>;

/** Answers the client and its secret, which the server shows this once. */
export function putDevClient(body: DevClientCreate) {
  return ok(api().POST('/dev-clients', { body }));
}

export function usePutDevClient() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: putDevClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: devClientKeys.lists() }) });
}
