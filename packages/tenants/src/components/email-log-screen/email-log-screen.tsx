import { Badge, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { createDataTableColumnHelper, DataTable, useServerTable } from '@portal/ui-kit';
import { useEmailLog, type EmailLogEntry, type EmailLogStatus } from '../../api/email-log/get-email-log';
import { problemText } from '@portal/forms';

const statusLabels: Record<EmailLogStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Sent`,
  failed: msg`Failed`,
  kept: msg`Kept (no SMTP)`,
};

const statusColors: Record<EmailLogStatus, string> = { queued: 'blue', sent: 'green', failed: 'red', kept: 'gray' };

const templateLabels: Record<string, MessageDescriptor> = {
  invite: msg`Invitation`,
  signup: msg`Sign-up`,
  reset_password: msg`Password reset`,
  confirm_email: msg`Email confirmation`,
};

function StatusBadge({ status }: { status: EmailLogStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={statusColors[status]} variant="light">
      {i18n._(statusLabels[status])}
    </Badge>
  );
}

function TemplateName({ template }: { template: string | null }) {
  const { i18n } = useLingui();
  const label = template ? templateLabels[template] : undefined;
  return <>{label ? i18n._(label) : (template ?? '—')}</>;
}

function DateTime({ value }: { value: string | null }) {
  const { i18n } = useLingui();
  if (!value) return <>—</>;
  return <time dateTime={value}>{i18n.date(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

function LastError({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <Tooltip label={value} multiline maw={360} withArrow>
      <Text size="sm" lineClamp={1} maw={240} tabIndex={0}>
        {value}
      </Text>
    </Tooltip>
  );
}

const column = createDataTableColumnHelper<EmailLogEntry>();

// The log is always newest first on the server: no column sorts.
const columns = column.columns([
  column.accessor('to', { header: () => <Trans>To</Trans>, enableSorting: false }),
  column.accessor('subject', { header: () => <Trans>Subject</Trans>, enableSorting: false }),
  column.accessor('template', { header: () => <Trans>Template</Trans>, enableSorting: false, cell: ({ getValue }) => <TemplateName template={getValue()} /> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('attempts', { header: () => <Trans>Attempts</Trans>, enableSorting: false }),
  column.accessor('createdAt', { header: () => <Trans>Created</Trans>, enableSorting: false, cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('sentAt', { header: () => <Trans>Sent</Trans>, enableSorting: false, cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('lastError', { header: () => <Trans>Last error</Trans>, enableSorting: false, cell: ({ getValue }) => <LastError value={getValue()} /> }),
]);

const getRowId = (entry: EmailLogEntry) => entry.id;

const STATUSES: EmailLogStatus[] = ['queued', 'sent', 'failed', 'kept'];

/**
 * The tenant's outgoing mail (invitations, sign-up and reset links) with its delivery state, so an
 * administrator can tell why someone did not get a mail. Searched by address, filtered by status.
 */
export function EmailLogScreen() {
  const { t, i18n } = useLingui();
  const table = useServerTable();
  const [status, setStatus] = useState<EmailLogStatus | null>(null);
  const log = useEmailLog({ ...table.params, ...(status ? { status } : {}) });

  const statusFilter = (
    <Select
      aria-label={t`Status`}
      placeholder={t`All statuses`}
      clearable
      w={200}
      data={STATUSES.map((value) => ({ value, label: i18n._(statusLabels[value]) }))}
      value={status}
      onChange={(value) => {
        // A cursor of the previous filter means nothing under the new one: back to the first page.
        table.reset();
        setStatus(value);
      }}
    />
  );

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Email log</Trans>
      </Title>
      <DataTable
        {...table.bind(log.data?.nextCursor)}
        label={t`Email log`}
        columns={columns}
        data={log.data?.items}
        getRowId={getRowId}
        loading={log.isPending}
        error={log.isError ? problemText(log.error, i18n) : undefined}
        onRetry={() => void log.refetch()}
        emptyText={table.q || status ? t`No results..` : t`No emails have been sent yet.`}
        toolbar={statusFilter}
      />
    </Stack>
  );
}
