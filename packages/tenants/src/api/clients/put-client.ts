import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { clientKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type MediaClientCreate = Schema<'MediaClientCreate'>;

export function putClient(body: MediaClientCreate) {
  return ok(api().POST('/clients', { body }));
}

/** Creates a media client in the chosen tenant (the caller's by default). */
export function usePutClient() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: putClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.lists() }) });
}
