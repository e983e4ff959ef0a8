import { Switch } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { createDataTableColumnHelper, DataTable, notify, PageLoader } from '@portal/ui-kit';
import { useTenantClients, type TenantClient } from '../../api/tenants/get-tenant-clients';
import { useUpdateTenantClient } from '../../api/tenants/update-tenant-client';

export type TenantClientsSectionProps = {
  tenantId: string;
  /** Which of the tenant's apps the section lists. */
  kind: Exclude<TenantClient['kind'], 'web'>;
};

type ClientStatusSwitchProps = { tenantId: string; client: TenantClient; disabled: boolean };

function ClientStatusSwitch({ tenantId, client, disabled }: ClientStatusSwitchProps) {
  const { t } = useLingui();
  const update = useUpdateTenantClient(tenantId);
  const name = client.name;
  return (
    <Switch
      aria-label={t`Enable ${name}`}
      checked={client.status === 'enabled'}
      disabled={disabled || update.isPending}
      onChange={(event) =>
        update.mutate(
          { clientId: client.id, changes: { status: event.currentTarget.checked ? 'enabled' : 'disabled' } },
          { onSuccess: () => notify.success(t`Client edited successfully`) },
        )
      }
    />
  );
}

const dash = (value: string | null) => value ?? '—';
const column = createDataTableColumnHelper<TenantClient>();

// The list comes by name from the server, whole: no column sorts.
function clientColumns(tenantId: string, canUpdate: boolean) {
  return column.columns([
    column.accessor('name', { header: () => <Trans>Name</Trans>, enableSorting: false }),
    column.accessor('version', { header: () => <Trans>Version</Trans>, enableSorting: false, cell: ({ getValue }) => dash(getValue()) }),
    column.accessor('minVersion', { header: () => <Trans>Min version</Trans>, enableSorting: false, cell: ({ getValue }) => dash(getValue()) }),
    column.accessor('maxVersion', { header: () => <Trans>Max version</Trans>, enableSorting: false, cell: ({ getValue }) => dash(getValue()) }),
    column.accessor('status', {
      header: () => <Trans>Status</Trans>,
      enableSorting: false,
      cell: ({ row }) => <ClientStatusSwitch tenantId={tenantId} client={row.original} disabled={!canUpdate} />,
    }),
  ]);
}

const getRowId = (client: TenantClient) => client.id;

/**
 * The "Mobile Clients" or "Desktop Clients" section of the tenant detail: the tenant's apps of
 * that kind with their versions, each switched on or off in place.
 */
export function TenantClientsSection({ tenantId, kind }: TenantClientsSectionProps) {
  const { t, i18n } = useLingui();
  const clients = useTenantClients(tenantId);
  const me = useCurrentUser();
  const canUpdate = useCan('tenant.client.update');
  const columns = useMemo(() => clientColumns(tenantId, canUpdate), [tenantId, canUpdate]);
  const rows = useMemo(() => clients.data?.items.filter((client) => client.kind === kind), [clients.data, kind]);

  // The switches depend on the caller's permissions: wait for them rather than enable them late.
  if (me.isPending) return <PageLoader h={240} />;
  return (
    <DataTable
      label={kind === 'mobile' ? t`Mobile Clients` : t`Desktop Clients`}
      columns={columns}
      data={rows}
      getRowId={getRowId}
      loading={clients.isPending}
      error={clients.isError ? problemText(clients.error, i18n) : undefined}
      onRetry={() => void clients.refetch()}
      emptyText={t`There are no clients!`}
    />
  );
}
