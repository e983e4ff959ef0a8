export { webhooksHandlers } from './handlers.ts';
export { emitWebhookEvent, webhookEventTypes, type WebhookEventType } from './events.ts';
export { registerWebhookJobs } from './deliver.ts';
