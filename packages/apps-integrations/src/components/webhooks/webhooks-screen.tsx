import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconEdit, IconKey, IconListDetails, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, RowAction, StatusBadge, useDialogState } from '@portal/ui-kit';
import { useCan } from '@portal/auth';
import { problemText } from '@portal/forms';
import type { WebhookEndpointSaved } from '../../api/webhooks/add-webhook-endpoint';
import { useDeleteWebhookEndpoint } from '../../api/webhooks/delete-webhook-endpoint';
import { useWebhookEndpoints, type WebhookEndpoint } from '../../api/webhooks/get-webhook-endpoints';
import { useUpdateWebhookEndpoint } from '../../api/webhooks/update-webhook-endpoint';
import { DateTime, DeliveryStatusBadge } from './webhook-cells';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { webhookEventLabels } from './webhook-labels';
import { WebhookSecretDialog } from './webhook-secret-dialog';

const column = createDataTableColumnHelper<WebhookEndpoint>();

function Events({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { i18n } = useLingui();
  return (
    <Group gap={4}>
      {endpoint.events.map((type) => (
        <Badge key={type} variant="outline" color="gray" size="sm" tt="none">
          {i18n._(webhookEventLabels[type])}
        </Badge>
      ))}
    </Group>
  );
}

function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const last = endpoint.lastDelivery;
  if (!last) return <Trans>None yet</Trans>;
  return (
    <Stack gap={2} align="flex-start">
      <DeliveryStatusBadge status={last.status} />
      <Text size="xs" c="dimmed">
        <DateTime value={last.createdAt} />
      </Text>
    </Stack>
  );
}

// The server lists endpoints newest first; the list is short (no paging, no sorting).
const columns = column.columns([
  column.accessor('url', {
    header: () => <Trans>URL</Trans>,
    enableSorting: false,
    cell: ({ row }) => (
      <Stack gap={2}>
        <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
          {row.original.url}
        </Text>
        {row.original.description ? (
          <Text size="xs" c="dimmed">
            {row.original.description}
          </Text>
        ) : null}
      </Stack>
    ),
  }),
  column.accessor('events', { header: () => <Trans>Events</Trans>, enableSorting: false, cell: ({ row }) => <Events endpoint={row.original} /> }),
  column.accessor('enabled', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <StatusBadge status={getValue() ? 'enabled' : 'disabled'} /> }),
  column.accessor('lastDelivery', { header: () => <Trans>Last delivery</Trans>, enableSorting: false, cell: ({ row }) => <LastDelivery endpoint={row.original} /> }),
]);

const getRowId = (endpoint: WebhookEndpoint) => endpoint.id;

type Secret = { secret: string; rotatedUntil: string | null };

/**
 * The tenant administrator's webhook endpoints (beyond the spec, issue 14 section 6): register one
 * with its URL and events, see its signing secret once, rotate it (the previous one stays valid for
 * 24 hours), switch it off, delete it, and read its delivery log with Send test event.
 */
export function WebhooksScreen() {
  const { t, i18n } = useLingui();
  const can = { add: useCan('tenant.partner_app.put'), update: useCan('tenant.partner_app.update'), remove: useCan('tenant.partner_app.delete') };
  const endpoints = useWebhookEndpoints();
  const editing = useDialogState<WebhookEndpoint | null>();
  const rotating = useDialogState<WebhookEndpoint>();
  const deleting = useDialogState<WebhookEndpoint>();
  const log = useDialogState<WebhookEndpoint>();
  const [secret, setSecret] = useState<Secret | null>(null);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();

  const saved = ({ endpoint, secret: answered }: WebhookEndpointSaved) => {
    const created = editing.target === null;
    editing.close();
    notify.success(created ? t`Webhook endpoint added` : t`Webhook endpoint saved`);
    if (answered) setSecret({ secret: answered, rotatedUntil: endpoint.secretRotatedUntil });
  };

  const toggle = (endpoint: WebhookEndpoint) =>
    update.mutate(
      { id: endpoint.id, body: { enabled: !endpoint.enabled } },
      { onSuccess: ({ endpoint: after }) => notify.success(after.enabled ? t`Webhook endpoint enabled` : t`Webhook endpoint disabled`) },
    );

  const rotate = () => {
    const target = rotating.target;
    if (!target) return;
    update.mutate(
      { id: target.id, body: { rotateSecret: true } },
      {
        onSuccess: ({ endpoint, secret: answered }) => {
          rotating.close();
          if (answered) setSecret({ secret: answered, rotatedUntil: endpoint.secretRotatedUntil });
        },
      },
    );
  };

  const confirmDelete = () => {
    const target = deleting.target;
    if (!target) return;
    remove.mutate(
      { id: target.id },
      {
        onSuccess: () => {
          deleting.close();
          notify.success(t`Webhook endpoint deleted`);
        },
      },
    );
  };

  const rowActions = (endpoint: WebhookEndpoint) => (
    <Group gap={4} wrap="nowrap">
      <RowAction label={t`Delivery log of ${endpoint.url}`} icon={<IconListDetails size={16} aria-hidden="true" />} onClick={() => log.open(endpoint)} />
      {can.update ? (
        <>
          <RowAction label={t`Edit ${endpoint.url}`} icon={<IconEdit size={16} aria-hidden="true" />} onClick={() => editing.open(endpoint)} />
          <RowAction label={t`Rotate the secret of ${endpoint.url}`} icon={<IconKey size={16} aria-hidden="true" />} onClick={() => rotating.open(endpoint)} />
          <RowAction
            label={endpoint.enabled ? t`Disable ${endpoint.url}` : t`Enable ${endpoint.url}`}
            icon={endpoint.enabled ? <IconPlayerPause size={16} aria-hidden="true" /> : <IconPlayerPlay size={16} aria-hidden="true" />}
            loading={update.isPending && update.variables?.id === endpoint.id && update.variables.body.enabled !== undefined}
            onClick={() => toggle(endpoint)}
          />
        </>
      ) : null}
      {can.remove ? <RowAction label={t`Delete ${endpoint.url}`} color="red" icon={<IconTrash size={16} aria-hidden="true" />} onClick={() => deleting.open(endpoint)} /> : null}
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Webhooks</Trans>
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        <Trans>
          The portal sends the events you choose to your endpoints as signed HTTP POST requests (Standard Webhooks). A delivery that fails is retried with growing intervals for about a day.
        </Trans>
      </Text>
      <DataTable
        label={t`Webhook endpoints`}
        columns={columns}
        data={endpoints.data?.items}
        getRowId={getRowId}
        loading={endpoints.isPending}
        error={endpoints.isError ? problemText(endpoints.error, i18n) : undefined}
        onRetry={() => void endpoints.refetch()}
        emptyText={t`No webhook endpoint yet. Add one to receive the tenant's events.`}
        minWidth={820}
        toolbar={
          can.add ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => editing.open(null)}>
              <Trans>Add endpoint</Trans>
            </Button>
          ) : undefined
        }
        rowActions={rowActions}
      />
      <WebhookEndpointDialog key={editing.key} opened={editing.opened} endpoint={editing.target} onSaved={saved} onClose={editing.close} />
      <WebhookSecretDialog opened={secret !== null} secret={secret?.secret ?? null} rotatedUntil={secret?.rotatedUntil ?? null} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={rotating.opened}
        title={t`Rotate the signing secret?`}
        message={t`A new secret signs the deliveries from now on. The previous secret stays valid for 24 hours, so your receivers can switch without missing a delivery.`}
        confirmLabel={t`Rotate secret`}
        loading={update.isPending}
        onConfirm={rotate}
        onClose={rotating.close}
      />
      <ConfirmDialog
        opened={deleting.opened}
        danger
        title={t`Delete webhook endpoint`}
        message={t`Are you sure you want to delete this endpoint? Its delivery log goes with it and queued deliveries are dropped.`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      >
        <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
          {deleting.target?.url}
        </Text>
      </ConfirmDialog>
      <WebhookDeliveriesDialog key={log.key} opened={log.opened} endpoint={log.target} canSend={can.update} onClose={log.close} />
    </Stack>
  );
}
