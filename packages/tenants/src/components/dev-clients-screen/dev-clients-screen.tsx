import { Button, Code, Stack, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, RowAction, useServerTable, useDialogState, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useDeleteDevClient } from '../../api/dev-clients/delete-dev-client';
import { useDevClients, type DevClient } from '../../api/dev-clients/get-dev-clients';
import { ClientSecretDialog } from '../client-secret-dialog';
import { DevClientFormDialog } from '../dev-client-form-dialog';
import { problemText } from '@portal/forms';

const column = createDataTableColumnHelper<DevClient>();

// The list is by name on the server: no column sorts.
const columns = column.columns([
  column.accessor('name', { header: () => <Trans>Name</Trans>, enableSorting: false }),
  column.accessor('clientId', { header: () => <Trans>Client ID</Trans>, enableSorting: false, cell: ({ getValue }) => <Code dir="ltr">{getValue()}</Code> }),
]);

const getRowId = (client: DevClient) => client.id;

/**
 * Developer (OAuth) clients of the tenant (spec: "Develops (super admin)"): Name and Client ID,
 * search, Create, Edit and Delete. A new or regenerated secret is shown once, with a copy button.
 */
export function DevClientsScreen() {
  const { t, i18n } = useLingui();
  const table = useServerTable();
  const clients = useDevClients(table.params);
  const form = useDialogState<DevClient | null>();
  const deletion = useDialogState<DevClient>();
  const deleteClient = useDeleteDevClient();
  const [credentials, setCredentials] = useState<{ clientId: string; secret: string } | null>(null);

  useStepBackFromEmptyPage(clients, table);

  const confirmDelete = () => {
    const target = deletion.target;
    if (!target) return;
    deleteClient.mutate({ devClientId: target.id }, {
      onSuccess: () => {
        notify.success(t`${target.name} deleted successfully`);
        deletion.close();
      },
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Develops</Trans>
      </Title>
      <DataTable
        {...table.bind(clients.data?.nextCursor)}
        label={t`Developer clients`}
        columns={columns}
        data={clients.data?.items}
        getRowId={getRowId}
        loading={clients.isPending}
        error={clients.isError ? problemText(clients.error, i18n) : undefined}
        onRetry={() => void clients.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no clients!`}
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.open(null)}>
            <Trans>Create</Trans>
          </Button>
        }
        rowActions={(client: DevClient) => (
          <>
            <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => form.open(client)} />
            <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(client)} />
          </>
        )}
      />
      <DevClientFormDialog key={`form-${form.key}`} opened={form.opened} client={form.target} onClose={form.close} onSecret={setCredentials} />
      <ClientSecretDialog opened={credentials !== null} credentials={credentials} onClose={() => setCredentials(null)} />
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
