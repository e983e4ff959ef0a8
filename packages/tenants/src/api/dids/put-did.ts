import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { didKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type DidCreate = Schema<'DidCreate'>;

export function putDid(body: DidCreate) {
  return ok(api().POST('/dids', { body }));
}

export function usePutDid() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: putDid, onSuccess: () => queryClient.invalidateQueries({ queryKey: didKeys.lists() }) });
}
