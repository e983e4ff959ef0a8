export { webhooksHandlers } from './handlers.ts';
export { emitSubscriptionChanged, emitWebhookEvent, webhookEventTypes, type WebhookEventType } from './events.ts';
export { registerWebhookJobs } from './deliver.ts';
