import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { webhookKeys } from './keys';

export type WebhookEndpointCreate = Schema<'WebhookEndpointCreate'>;
export type WebhookEndpointSaved = Schema<'WebhookEndpointSaved'>;

export function addWebhookEndpoint(body: WebhookEndpointCreate): Promise<WebhookEndpointSaved> {
  return ok(api().POST('/webhooks', { body }));
}

/** Registers an endpoint (addWebhookEndpoint); the answer holds its signing secret, shown once. */
export function useAddWebhookEndpoint(options: Pick<UseMutationOptions<WebhookEndpointSaved, Error, WebhookEndpointCreate>, 'meta'> = {}) {
  const client = useQueryClient();
  return useMutation({ ...options, mutationFn: addWebhookEndpoint, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}
