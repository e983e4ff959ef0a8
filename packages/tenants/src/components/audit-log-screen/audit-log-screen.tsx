import { Badge, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconDownload, IconListDetails } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { validationMessages } from '@portal/i18n';
import { createDataTableColumnHelper, DataTable, RowAction, useServerTable, useDialogState } from '@portal/ui-kit';
import { useExportAuditLog } from '../../api/audit-log/export-audit-log';
import { useAuditLog, type AuditAction, type AuditEntity, type AuditEntry } from '../../api/audit-log/get-audit-log';
import { useIsPlatformAdmin } from '../../hooks/use-is-platform-admin';
import { TenantPicker } from '../tenant-picker';
import { AuditEntryDrawer } from '../audit-entry-drawer';
import { actionColors, actionLabels, entityLabels } from '../../utils/audit-labels';
import { endsBeforeStart, toAuditFilter, type AuditFilterValues } from './audit-filter';
import { problemText } from '@portal/forms';

function ActionBadge({ action }: { action: AuditAction }) {
  const { i18n } = useLingui();
  return (
    <Badge color={actionColors[action]} variant="light">
      {i18n._(actionLabels[action])}
    </Badge>
  );
}

function EntityName({ entity }: { entity: AuditEntity }) {
  const { i18n } = useLingui();
  return <>{i18n._(entityLabels[entity])}</>;
}

function When({ value }: { value: string }) {
  const { i18n } = useLingui();
  return <time dateTime={value}>{i18n.date(new Date(value), { dateStyle: 'medium', timeStyle: 'medium' })}</time>;
}

const column = createDataTableColumnHelper<AuditEntry>();

// Newest first on the server: no column sorts.
const columns = column.columns([
  column.accessor('createdAt', { header: () => <Trans>When</Trans>, enableSorting: false, cell: ({ getValue }) => <When value={getValue()} /> }),
  column.accessor('actor', { header: () => <Trans>Who</Trans>, enableSorting: false }),
  column.accessor('action', { header: () => <Trans>Action</Trans>, enableSorting: false, cell: ({ getValue }) => <ActionBadge action={getValue()} /> }),
  column.accessor('entity', { header: () => <Trans>Entity</Trans>, enableSorting: false, cell: ({ getValue }) => <EntityName entity={getValue()} /> }),
  column.accessor('entityId', { header: () => <Trans>Entity id</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue() ?? '—'}</span> }),
  column.accessor('ip', { header: () => <Trans>From (IP)</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue() ?? '—'}</span> }),
]);

const getRowId = (entry: AuditEntry) => entry.id;
const ACTIONS: AuditAction[] = ['create', 'update', 'delete'];
const noFilter: AuditFilterValues = { entity: null, action: null, startDate: '', endDate: '', tenantId: null };

/**
 * Every change made through the administration screens in the caller's tenant: who, when, from
 * where, and the values before and after (secrets masked). The search box finds the actor by
 * email; entity, action and a date range narrow the list; Export downloads the same selection.
 * The platform super administrator also picks the tenant whose log it reads (its own changes to
 * a tenant are in that tenant's log).
 */
export function AuditLogScreen() {
  const { t, i18n } = useLingui();
  const platformAdmin = useIsPlatformAdmin();
  const table = useServerTable();
  const [filterValues, setFilterValues] = useState<AuditFilterValues>(noFilter);
  const rangeInvalid = endsBeforeStart(filterValues);
  const filter = toAuditFilter(filterValues, table.q);
  const { q: _q, sort: _sort, ...paging } = table.params;
  const log = useAuditLog({ ...paging, ...filter }, { enabled: !rangeInvalid });
  const details = useDialogState<AuditEntry>();
  const exportLog = useExportAuditLog();

  const change = (patch: Partial<AuditFilterValues>) => {
    // A cursor of the previous filter means nothing under the new one: back to the first page.
    table.reset();
    setFilterValues((current) => ({ ...current, ...patch }));
  };

  const exportCsv = () => exportLog.mutate(filter);

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {platformAdmin ? <TenantPicker value={filterValues.tenantId ?? null} onChange={(tenantId) => change({ tenantId })} w={200} /> : null}
      <Select
        aria-label={t`Entity`}
        placeholder={t`All entities`}
        clearable
        w={220}
        searchable
        data={Object.entries(entityLabels).map(([value, label]) => ({ value, label: i18n._(label) }))}
        value={filterValues.entity ?? null}
        onChange={(entity) => change({ entity: entity as AuditEntity | null })}
      />
      <Select
        aria-label={t`Action`}
        placeholder={t`All actions`}
        clearable
        w={160}
        data={ACTIONS.map((value) => ({ value, label: i18n._(actionLabels[value]) }))}
        value={filterValues.action ?? null}
        onChange={(action) => change({ action: action })}
      />
      <TextInput type="date" label={t`Start date`} value={filterValues.startDate} onChange={(event) => change({ startDate: event.currentTarget.value })} w={170} />
      <TextInput
        type="date"
        label={t`End date`}
        value={filterValues.endDate}
        onChange={(event) => change({ endDate: event.currentTarget.value })}
        error={rangeInvalid ? i18n._(validationMessages.endBeforeStart) : undefined}
        w={170}
      />
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={exportCsv} loading={exportLog.isPending} disabled={rangeInvalid}>
        <Trans>Export</Trans>
      </Button>
    </Group>
  );

  const binding = table.bind(log.data?.nextCursor);
  const filtered = Boolean(table.q || filterValues.entity || filterValues.action || filterValues.startDate || filterValues.endDate);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Audit log</Trans>
      </Title>
      <DataTable
        {...binding}
        search={{ ...binding.search, placeholder: t`Search by who (email)` }}
        label={t`Audit log`}
        columns={columns}
        data={rangeInvalid ? [] : log.data?.items}
        getRowId={getRowId}
        loading={!rangeInvalid && log.isPending}
        error={log.isError ? problemText(log.error, i18n) : undefined}
        onRetry={() => void log.refetch()}
        emptyText={filtered ? t`No results..` : t`No changes have been recorded yet.`}
        toolbar={toolbar}
        rowActions={(entry) => <RowAction label={t`Details`} icon={<IconListDetails size={18} aria-hidden="true" />} onClick={() => details.open(entry)} />}
      />
      <AuditEntryDrawer opened={details.opened} entry={details.target} onClose={details.close} />
    </Stack>
  );
}
