import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { webhookKeys } from './keys';

export type WebhookDeliveriesParams = NonNullable<operations['getWebhookDeliveries']['parameters']['query']>;
export type WebhookDelivery = Schema<'WebhookDelivery'>;

export function getWebhookDeliveries(endpointId: string, params: WebhookDeliveriesParams, signal?: AbortSignal) {
  return ok(api().GET('/webhooks/{webhookId}/deliveries', { params: { path: { webhookId: endpointId }, query: params }, signal }));
}

export const webhookDeliveriesQuery = (endpointId: string, params: WebhookDeliveriesParams) =>
  queryOptions({ queryKey: webhookKeys.deliveries(endpointId, params), queryFn: ({ signal }) => getWebhookDeliveries(endpointId, params, signal) });

/** One page of an endpoint's delivery log, newest first (getWebhookDeliveries); the previous page stays while the next loads. */
export function useWebhookDeliveries(endpointId: string, params: WebhookDeliveriesParams) {
  return useQuery({ ...webhookDeliveriesQuery(endpointId, params), placeholderData: keepPreviousData });
}
