import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import type { WebhookEndpointSaved } from './add-webhook-endpoint';
import { webhookKeys } from './keys';

export type UpdateWebhookEndpointInput = { id: string; body: Schema<'WebhookEndpointUpdate'> };

export function updateWebhookEndpoint({ id, body }: UpdateWebhookEndpointInput): Promise<WebhookEndpointSaved> {
  return ok(api().PATCH('/webhooks/{webhookId}', { params: { path: { webhookId: id } }, body }));
}

/** Changes an endpoint, switches it on or off, or rotates its secret (updateWebhookEndpoint). */
export function useUpdateWebhookEndpoint(options: Pick<UseMutationOptions<WebhookEndpointSaved, Error, UpdateWebhookEndpointInput>, 'meta'> = {}) {
  const client = useQueryClient();
  return useMutation({ ...options, mutationFn: updateWebhookEndpoint, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}
