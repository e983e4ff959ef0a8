import { Anchor, Button, Stack, Title } from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Schema } from '@portal/api-client';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, PageLoader, RowAction, useServerTable, useDialogState, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useDeleteTenant } from '../../api/tenants/delete-tenant';
import { useExportTenantUsers } from '../../api/users/export-tenant-users';
import { useTenants } from '../../api/tenants/get-tenants';
import { useIsPlatformAdmin } from '../../hooks/use-is-platform-admin';
import { downloadImportTemplate } from '../../utils/import-template';
import { ImportUsersDialog } from '../import-users-dialog';
import { SignInInfoDialog, type SignInInfo } from '../sign-in-info-dialog';
import { TenantCreateDialog } from '../tenant-create-dialog';
import { tenantPath } from '../../routes/tenant-paths';

type TenantSummary = Schema<'TenantSummary'>;

/** The detail route of a tenant (spec route `Tenant/{tenantUuid}`). */

const column = createDataTableColumnHelper<TenantSummary>();

// The list is by subdomain on the server: no column sorts.
const columns = column.columns([
  column.accessor('name', {
    header: () => <Trans>Tenant Name</Trans>,
    enableSorting: false,
    cell: ({ row, getValue }) => (
      <Anchor component={Link} to={tenantPath(row.original.id)}>
        {getValue()}
      </Anchor>
    ),
  }),
  column.accessor('sname', { header: () => <Trans>SName</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue()}</span> }),
  column.accessor((tenant) => tenant.admin?.name ?? '', { id: 'adminName', header: () => <Trans>Tenant Admin</Trans>, enableSorting: false }),
  column.accessor((tenant) => tenant.admin?.email ?? '', { id: 'adminEmail', header: () => <Trans>Tenant Admin Email</Trans>, enableSorting: false }),
]);

const getRowId = (tenant: TenantSummary) => tenant.id;

/**
 * The tenant list (spec "Tenant list (admin)"): Tenant Name, SName, Tenant Admin and Tenant Admin
 * Email, searched and cursor-paged on the server. The platform super administrator creates and
 * deletes tenants; a tenant administrator sees only its own tenant here. With `user.put` a
 * tenant's users are imported from a CSV file (whose template is offered), with `user.get` they
 * are exported.
 */
export function TenantsScreen() {
  const { t, i18n } = useLingui();
  const me = useCurrentUser();
  const platformAdmin = useIsPlatformAdmin();
  const canImport = useCan('user.put');
  const canExport = useCan('user.get');
  const table = useServerTable();
  const tenants = useTenants(table.params);
  const creating = useDialogState<true>();
  const deletion = useDialogState<TenantSummary>();
  const signIn = useDialogState<SignInInfo>();
  const importing = useDialogState<TenantSummary>();
  const deleteTenant = useDeleteTenant();
  const exportUsers = useExportTenantUsers();

  useStepBackFromEmptyPage(tenants, table);

  const confirmDelete = () => {
    if (!deletion.target) return;
    deleteTenant.mutate({ tenantId: deletion.target.id }, {
      onSuccess: () => {
        notify.success(t`Tenant deleted successfully`);
        deletion.close();
      },
    });
  };

  const exportTenantUsers = (tenant: TenantSummary) =>
    exportUsers.mutate({ tenantId: tenant.id, sname: tenant.sname });

  const toolbar =
    platformAdmin || canImport ? (
      <>
        {platformAdmin ? (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => creating.open(true)}>
            <Trans>Create</Trans>
          </Button>
        ) : null}
        {canImport ? (
          <Button variant="default" leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />} onClick={downloadImportTemplate}>
            <Trans>Download template</Trans>
          </Button>
        ) : null}
      </>
    ) : null;

  const rowActions = (tenant: TenantSummary) => (
    <>
      {canImport ? <RowAction label={t`Import Users`} icon={<IconUpload size={18} aria-hidden="true" />} onClick={() => importing.open(tenant)} /> : null}
      {canExport ? (
        <RowAction
          label={t`Export Users`}
          icon={<IconDownload size={18} aria-hidden="true" />}
          onClick={() => exportTenantUsers(tenant)}
          loading={exportUsers.isPending && exportUsers.variables.tenantId === tenant.id}
        />
      ) : null}
      {platformAdmin && tenant.sname !== 'system' ? (
        <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(tenant)} />
      ) : null}
    </>
  );

  // The actions depend on the caller's permissions: wait for them rather than pop buttons in.
  if (me.isPending) return <PageLoader h={240} />;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Tenants</Trans>
      </Title>
      <DataTable
        {...table.bind(tenants.data?.nextCursor)}
        label={t`Tenants`}
        columns={columns}
        data={tenants.data?.items}
        getRowId={getRowId}
        loading={tenants.isPending}
        error={tenants.isError ? problemText(tenants.error, i18n) : undefined}
        onRetry={() => void tenants.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no tenants!`}
        toolbar={toolbar}
        rowActions={platformAdmin || canImport || canExport ? rowActions : undefined}
      />
      <ImportUsersDialog key={`import-${importing.key}`} opened={importing.opened} tenant={importing.target} onClose={importing.close} />
      <TenantCreateDialog key={`create-${creating.key}`} opened={creating.opened} onClose={creating.close} onCreated={(created) => signIn.open(created.signIn)} />
      <SignInInfoDialog opened={signIn.opened} signIn={signIn.target} onClose={signIn.close} />
      <ConfirmDialog
        opened={deletion.opened}
        title={t`Delete tenant`}
        message={t`Are you sure you want to delete the tenant ?`}
        confirmLabel={t`Delete`}
        danger
        loading={deleteTenant.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      >
        {deletion.target ? (
          <Trans>
            All users, roles, settings and data of {deletion.target.name} ({deletion.target.sname}) are removed, and nobody can sign in there any more.
          </Trans>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
