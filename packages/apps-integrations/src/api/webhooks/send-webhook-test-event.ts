import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { WebhookDelivery } from './get-webhook-deliveries';
import { webhookKeys } from './keys';

export function sendWebhookTestEvent({ id }: { id: string }): Promise<WebhookDelivery> {
  return ok(api().POST('/webhooks/{webhookId}/test', { params: { path: { webhookId: id } } }));
}

/** Queues a `webhook.test` delivery to the endpoint (sendWebhookTestEvent). */
export function useSendWebhookTestEvent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendWebhookTestEvent, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}
