import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { webhookKeys } from './keys';

export function deleteWebhookEndpoint({ id }: { id: string }): Promise<unknown> {
  return ok(api().DELETE('/webhooks/{webhookId}', { params: { path: { webhookId: id } } }));
}

/** Deletes an endpoint with its delivery log (deleteWebhookEndpoint). */
export function useDeleteWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteWebhookEndpoint, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}
