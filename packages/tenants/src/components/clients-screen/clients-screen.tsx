import { Button, Code, Stack, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, PageLoader, RowAction, useServerTable, useDialogState, useStepBackFromEmptyPage, StatusBadge } from '@portal/ui-kit';
import { useDeleteClient } from '../../api/clients/delete-client';
import { useClients, type MediaClient } from '../../api/clients/get-clients';
import { ClientFormDialog } from '../client-form-dialog';

const dash = (value: string | null) => value ?? '—';
const column = createDataTableColumnHelper<MediaClient>();

// The list is by name on the server: no column sorts.
const columns = column.columns([
  column.accessor('name', { header: () => <Trans>Name</Trans>, enableSorting: false }),
  column.accessor('iceTransportPolicy', { header: () => <Trans>Ice transport</Trans>, enableSorting: false }),
  column.accessor('bundlePolicy', { header: () => <Trans>Bundle policy</Trans>, enableSorting: false }),
  column.accessor('minVersion', { header: () => <Trans>Min version</Trans>, enableSorting: false, cell: ({ getValue }) => dash(getValue()) }),
  column.accessor('maxVersion', { header: () => <Trans>Max version</Trans>, enableSorting: false, cell: ({ getValue }) => dash(getValue()) }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('tenantName', { header: () => <Trans>Tenant name</Trans>, enableSorting: false }),
  column.accessor('id', { header: () => <Trans>Uuid</Trans>, enableSorting: false, cell: ({ getValue }) => <Code dir="ltr">{getValue()}</Code> }),
]);

const getRowId = (client: MediaClient) => client.id;

/**
 * The media clients of every tenant (spec: "Clients (super admin)"): the WebRTC settings and ICE
 * servers each tenant's meeting apps use. Searched by name and cursor-paged on the server.
 */
export function ClientsScreen() {
  const { t, i18n } = useLingui();
  const currentUser = useCurrentUser();
  const canCreate = useCan('client.put');
  const canEdit = useCan('client.update');
  const canDelete = useCan('client.delete');
  const table = useServerTable();
  const clients = useClients(table.params);
  const form = useDialogState<MediaClient | null>();
  const deletion = useDialogState<MediaClient>();
  const deleteClient = useDeleteClient();

  useStepBackFromEmptyPage(clients, table);

  const confirmDelete = () => {
    if (!deletion.target) return;
    deleteClient.mutate({ clientId: deletion.target.id }, {
      onSuccess: () => {
        notify.success(t`Client deleted successfully`);
        deletion.close();
      },
    });
  };

  const rowActions =
    canEdit || canDelete
      ? (client: MediaClient) => (
          <>
            {canEdit ? <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => form.open(client)} /> : null}
            {canDelete ? <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(client)} /> : null}
          </>
        )
      : undefined;

  const toolbar = canCreate ? (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.open(null)}>
      <Trans>Create</Trans>
    </Button>
  ) : undefined;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Clients</Trans>
      </Title>
      {/* Actions depend on the caller's permissions: wait for them rather than pop buttons in. */}
      {currentUser.isPending ? (
        <PageLoader h={240} />
      ) : (
        <DataTable
          {...table.bind(clients.data?.nextCursor)}
          label={t`Clients`}
          columns={columns}
          data={clients.data?.items}
          getRowId={getRowId}
          loading={clients.isPending}
          error={clients.isError ? problemText(clients.error, i18n) : undefined}
          onRetry={() => void clients.refetch()}
          emptyText={table.q ? t`No results..` : t`There are no clients!`}
          toolbar={toolbar}
          rowActions={rowActions}
        />
      )}
      <ClientFormDialog key={`form-${form.key}`} opened={form.opened} client={form.target} onClose={form.close} />
      <ConfirmDialog
        opened={deletion.opened}
        title={t`Delete client`}
        message={t`Are you sure you want to delete the client ?`}
        confirmLabel={t`Delete`}
        danger
        loading={deleteClient.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
