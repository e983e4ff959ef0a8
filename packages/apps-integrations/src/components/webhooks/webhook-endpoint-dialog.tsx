import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { FormDialog } from '@portal/ui-kit';
import { OWN_ERROR_NOTICE, showSubmitError } from '@portal/forms';
import { useAddWebhookEndpoint, type WebhookEndpointSaved } from '../../api/webhooks/add-webhook-endpoint';
import type { WebhookEndpoint, WebhookEventType } from '../../api/webhooks/get-webhook-endpoints';
import { useUpdateWebhookEndpoint } from '../../api/webhooks/update-webhook-endpoint';
import { webhookEventLabels, webhookEventTypes } from './webhook-labels';

export type WebhookEndpointDialogProps = {
  opened: boolean;
  /** The endpoint to edit; null registers a new one. */
  endpoint: WebhookEndpoint | null;
  /** After saving; a new endpoint's answer carries its secret, shown once. */
  onSaved: (saved: WebhookEndpointSaved) => void;
  onClose: () => void;
};

type Values = { url: string; description: string; events: WebhookEventType[] };

/** An absolute http(s) address without credentials, as the server accepts (webhooks/service.ts checkUrl). */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== '';
  } catch {
    return false;
  }
}

const FIELDS = ['url', 'description', 'events'] as const;

/**
 * Registers or edits a webhook endpoint: its URL, a description and the events it receives (at
 * least one). Checked before any call; the server's field errors land under their fields. Mount
 * it with a fresh `key` per opening.
 */
export function WebhookEndpointDialog({ opened, endpoint, onSaved, onClose }: WebhookEndpointDialogProps) {
  const { t, i18n } = useLingui();
  const add = useAddWebhookEndpoint({ meta: OWN_ERROR_NOTICE });
  const update = useUpdateWebhookEndpoint({ meta: OWN_ERROR_NOTICE });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? [] },
    validate: {
      url: (value) => (value.trim() === '' ? t`This field is required` : isWebhookUrl(value) ? null : t`Enter an http or https URL, e.g. https://example.com/webhooks`),
      description: (value) => (value.trim().length > 200 ? t`Use at most 200 characters` : null),
      events: (value) => (value.length === 0 ? t`Choose at least one event` : null),
    },
  });

  const submit = form.onSubmit((values) => {
    const body = { url: values.url.trim(), description: values.description.trim(), events: values.events };
    const handlers = {
      onSuccess: onSaved,
      onError: (error: Error) => showSubmitError(form, error, i18n, { pathOf: (field) => FIELDS.find((name) => field === name || field.startsWith(`${name}.`)) ?? null }),
    };
    if (endpoint) update.mutate({ id: endpoint.id, body }, handlers);
    else add.mutate(body, handlers);
  });

  return (
    <FormDialog
      opened={opened}
      title={endpoint ? t`Edit webhook endpoint` : t`Add webhook endpoint`}
      submitLabel={endpoint ? t`Save` : t`Add endpoint`}
      loading={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <Stack gap="md">
        <TextInput
          label={t`Endpoint URL`}
          description={t`Where the portal sends the events, signed with the endpoint's secret.`}
          placeholder="https://example.com/webhooks"
          required
          dir="ltr"
          data-autofocus
          {...form.getInputProps('url')}
        />
        <TextInput label={t`Description`} {...form.getInputProps('description')} />
        <Checkbox.Group label={t`Events`} description={t`The endpoint receives only the events chosen here.`} required {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {webhookEventTypes.map((type) => (
              <Checkbox key={type} value={type} label={i18n._(webhookEventLabels[type])} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Stack>
    </FormDialog>
  );
}
