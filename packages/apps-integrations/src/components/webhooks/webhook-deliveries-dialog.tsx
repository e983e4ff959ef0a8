import { Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCode, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { createDataTableColumnHelper, DataTable, Dialog, notify, RowAction, useServerTable } from '@portal/ui-kit';
import { problemText } from '@portal/forms';
import type { WebhookEndpoint } from '../../api/webhooks/get-webhook-endpoints';
import { useWebhookDeliveries, type WebhookDelivery } from '../../api/webhooks/get-webhook-deliveries';
import { useSendWebhookTestEvent } from '../../api/webhooks/send-webhook-test-event';
import { DateTime, DeliveryStatusBadge, EventName } from './webhook-cells';

export type WebhookDeliveriesDialogProps = {
  opened: boolean;
  endpoint: WebhookEndpoint | null;
  /** May send a test event (tenant.partner_app.update). */
  canSend: boolean;
  onClose: () => void;
};

const column = createDataTableColumnHelper<WebhookDelivery>();

// Newest first on the server: no column sorts.
const columns = column.columns([
  column.accessor('eventType', { header: () => <Trans>Event</Trans>, enableSorting: false, cell: ({ getValue }) => <EventName type={getValue()} /> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <DeliveryStatusBadge status={getValue()} /> }),
  column.accessor('attempts', {
    header: () => <Trans>Attempts</Trans>,
    enableSorting: false,
    cell: ({ row }) => (
      <Trans>
        {row.original.attempts} of {row.original.maxAttempts}
      </Trans>
    ),
  }),
  column.accessor('responseStatus', {
    header: () => <Trans>Response code</Trans>,
    enableSorting: false,
    cell: ({ row }) => row.original.responseStatus ?? (row.original.lastError ? <Text size="sm" c="dimmed" lineClamp={1} maw={220} title={row.original.lastError}>{row.original.lastError}</Text> : '—'),
  }),
  column.accessor('nextAttemptAt', { header: () => <Trans>Next retry</Trans>, enableSorting: false, cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('createdAt', { header: () => <Trans>Created</Trans>, enableSorting: false, cell: ({ getValue }) => <DateTime value={getValue()} /> }),
]);

const getRowId = (delivery: WebhookDelivery) => delivery.id;

function DeliveryLog({ endpoint, canSend }: { endpoint: WebhookEndpoint; canSend: boolean }) {
  const { t, i18n } = useLingui();
  const table = useServerTable({ pageSize: 10 });
  const log = useWebhookDeliveries(endpoint.id, table.params);
  const send = useSendWebhookTestEvent();
  const [shown, setShown] = useState<WebhookDelivery | null>(null);
  // The log is not searched: the table's paging alone.
  const { paging } = table.bind(log.data?.nextCursor);

  const toolbar = (
    <Group gap="xs">
      {canSend ? (
        <Button
          leftSection={<IconSend size={16} aria-hidden="true" />}
          loading={send.isPending}
          onClick={() => send.mutate({ id: endpoint.id }, { onSuccess: () => notify.success(t`Test event queued`) })}
        >
          <Trans>Send test event</Trans>
        </Button>
      ) : null}
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => void log.refetch()} loading={log.isFetching && !log.isPending}>
        <Trans>Refresh</Trans>
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
        {endpoint.url}
      </Text>
      <DataTable
        paging={paging}
        label={t`Deliveries`}
        columns={columns}
        data={log.data?.items}
        getRowId={getRowId}
        loading={log.isPending}
        error={log.isError ? problemText(log.error, i18n) : undefined}
        onRetry={() => void log.refetch()}
        emptyText={t`Nothing has been sent to this endpoint yet.`}
        toolbar={toolbar}
        minWidth={760}
        rowActions={(delivery) => <RowAction label={t`Show payload`} icon={<IconCode size={16} aria-hidden="true" />} onClick={() => setShown(delivery)} />}
      />
      {shown ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={4}>
              <Trans>Payload</Trans>
            </Title>
            <Badge variant="light" dir="ltr">{`msg_${shown.id}`}</Badge>
          </Group>
          <Code block dir="ltr" aria-label={t`Payload`} mah={300} style={{ overflow: 'auto' }}>
            {JSON.stringify(shown.payload, null, 2)}
          </Code>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** One endpoint's delivery log, paged, with each delivery's payload and Send test event. */
export function WebhookDeliveriesDialog({ opened, endpoint, canSend, onClose }: WebhookDeliveriesDialogProps) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Delivery log`} size="xl" fullScreen={phone}>
      {endpoint ? <DeliveryLog endpoint={endpoint} canSend={canSend} /> : null}
    </Dialog>
  );
}
