import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { WebhookDeliveryStatus } from '../../api/webhooks/get-webhook-endpoints';
import { deliveryStatusColors, deliveryStatusLabels, webhookEventLabel } from './webhook-labels';

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={deliveryStatusColors[status]} variant="light">
      {i18n._(deliveryStatusLabels[status])}
    </Badge>
  );
}

export function EventName({ type }: { type: string }) {
  const { i18n } = useLingui();
  const label = webhookEventLabel(type);
  return <>{label ? i18n._(label) : type}</>;
}

export function DateTime({ value }: { value: string | null }) {
  const { i18n } = useLingui();
  if (!value) return <>—</>;
  return <time dateTime={value}>{i18n.date(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}
