import { Button, Stack, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, RowAction, useServerTable, useDialogState, useStepBackFromEmptyPage, StatusBadge } from '@portal/ui-kit';
import { useDeleteDid } from '../../api/dids/delete-did';
import { useDids, type Did } from '../../api/dids/get-dids';
import { countryName } from '../../utils/countries';
import { PhoneNumberFormDialog } from '../phone-number-form-dialog';
import { problemText } from '@portal/forms';

function Flag({ on }: { on: boolean }) {
  const { t } = useLingui();
  return on ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label={t`Yes`} role="img" /> : <IconX size={18} color="var(--mantine-color-gray-6)" aria-label={t`No`} role="img" />;
}

const column = createDataTableColumnHelper<Did>();
const getRowId = (did: Did) => did.id;

/**
 * The tenant's phone numbers (spec: "Phone numbers (super admin)"): country, number, status, dial
 * in and dial out, with Create, Edit and Delete dialogs. Searched and cursor-paged on the server.
 */
export function PhoneNumbersScreen() {
  const { t, i18n } = useLingui();
  const table = useServerTable();
  const dids = useDids(table.params);
  const form = useDialogState<Did | null>();
  const deletion = useDialogState<Did>();
  const deleteDid = useDeleteDid();

  useStepBackFromEmptyPage(dids, table);

  const locale = i18n.locale;
  // The list is by number on the server: no column sorts.
  const columns = useMemo(
    () =>
      column.columns([
    column.accessor('country', { id: 'country', header: () => <Trans>Country Name</Trans>, enableSorting: false, cell: ({ getValue }) => countryName(getValue(), locale) }),
    column.accessor('number', { header: () => <Trans>Phone Number</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue()}</span> }),
    column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
    column.accessor('dialIn', { header: () => <Trans>Dial In</Trans>, enableSorting: false, cell: ({ getValue }) => <Flag on={getValue()} /> }),
    column.accessor('dialOut', { header: () => <Trans>Dial Out</Trans>, enableSorting: false, cell: ({ getValue }) => <Flag on={getValue()} /> }),
      ]),
    [locale],
  );

  const confirmDelete = () => {
    if (!deletion.target) return;
    deleteDid.mutate({ didId: deletion.target.id }, {
      onSuccess: () => {
        notify.success(t`Phone number deleted successfully`);
        deletion.close();
      },
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Phone numbers</Trans>
      </Title>
      <DataTable
        {...table.bind(dids.data?.nextCursor)}
        label={t`Phone numbers`}
        columns={columns}
        data={dids.data?.items}
        getRowId={getRowId}
        loading={dids.isPending}
        error={dids.isError ? problemText(dids.error, i18n) : undefined}
        onRetry={() => void dids.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no phone numbers!`}
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.open(null)}>
            <Trans>Create</Trans>
          </Button>
        }
        rowActions={(did: Did) => (
          <>
            <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => form.open(did)} />
            <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(did)} />
          </>
        )}
      />
      <PhoneNumberFormDialog key={`form-${form.key}`} opened={form.opened} did={form.target} onClose={form.close} />
      <ConfirmDialog
        opened={deletion.opened}
        title={t`Delete phone number`}
        message={t`Are you sure you want to delete the phone number ?`}
        confirmLabel={t`Delete`}
        danger
        loading={deleteDid.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
