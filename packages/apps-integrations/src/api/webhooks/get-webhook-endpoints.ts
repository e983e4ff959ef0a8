import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { webhookKeys } from './keys';

export type WebhookEndpoint = Schema<'WebhookEndpoint'>;
export type WebhookEventType = Schema<'WebhookEventType'>;
export type WebhookDeliveryStatus = Schema<'WebhookDelivery'>['status'];

export function getWebhookEndpoints(signal?: AbortSignal) {
  return ok(api().GET('/webhooks', { signal }));
}

export const webhookEndpointsQuery = () => queryOptions({ queryKey: webhookKeys.lists(), queryFn: ({ signal }) => getWebhookEndpoints(signal) });

/** The tenant's webhook endpoints, newest first (getWebhookEndpoints); secrets are never listed. */
export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQuery());
}
