import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebhookDeliveryStatus, WebhookEventType } from '../../api/webhooks/get-webhook-endpoints';

/** Every event an endpoint may choose, in the order the form lists them (the contract's WebhookEventType). */
export const webhookEventLabels: Record<WebhookEventType, MessageDescriptor> = {
  'meeting.started': msg`Meeting started`,
  'meeting.ended': msg`Meeting ended`,
  'participant.joined': msg`Participant joined`,
  'participant.left': msg`Participant left`,
  'participant.removed': msg`Participant removed`,
  'recording.ready': msg`Recording ready`,
  'user.created': msg`User created`,
  'user.deleted': msg`User deleted`,
  'subscription.changed': msg`Subscription changed`,
};

export const webhookEventTypes = Object.keys(webhookEventLabels) as WebhookEventType[];

/** The event's name for people; `webhook.test` (Send test event) and unknown types show as sent. */
export const webhookEventLabel = (type: string): MessageDescriptor | null => (type === 'webhook.test' ? msg`Test event` : (webhookEventLabels[type as WebhookEventType] ?? null));

export const deliveryStatusLabels: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  succeeded: msg`Delivered`,
  failed: msg`Failed`,
};

export const deliveryStatusColors: Record<WebhookDeliveryStatus, string> = { pending: 'blue', succeeded: 'green', failed: 'red' };
