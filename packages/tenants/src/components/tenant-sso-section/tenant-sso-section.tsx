import { Button, Stack } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { CopyField, createDataTableColumnHelper, DataTable, PageLoader, RowAction, useDialogState, StatusBadge } from '@portal/ui-kit';
import { useTenantSso, type SsoProvider } from '../../api/sso/get-tenant-sso';
import { SSO_KIND_LABELS, SsoProviderDialog } from '../sso-provider-dialog';

export type TenantSsoSectionProps = {
  tenantId: string;
  /** Whether the tenant shown is the caller's own: then the spec's calls without a tenant parameter. */
  own: boolean;
};

const column = createDataTableColumnHelper<SsoProvider>();
const columns = column.columns([
  column.accessor('name', { header: () => <Trans>Name</Trans>, enableSorting: false }),
  column.accessor('kind', { header: () => <Trans>Sign-in button</Trans>, enableSorting: false, cell: ({ getValue }) => SSO_KIND_LABELS[getValue()] }),
  column.accessor('issuer', { header: () => <Trans>Issuer</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue()}</span> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
]);

const getRowId = (provider: SsoProvider) => provider.id;

/**
 * The "SSO" section of the tenant detail: the OpenID Connect providers users of the tenant sign in
 * with, and the redirect URI to register at each. With `tenant.sso.put` providers are created,
 * with `tenant.sso.update` edited. The caller's own tenant goes through the spec's calls
 * (getTenantSSO ...), another tenant (the platform super administrator's) through the ones that
 * name it (getTenantSsoProviders ...).
 */
export function TenantSsoSection({ tenantId, own }: TenantSsoSectionProps) {
  const { t, i18n } = useLingui();
  const me = useCurrentUser();
  const canCreate = useCan('tenant.sso.put');
  const canEdit = useCan('tenant.sso.update');
  const target = own ? undefined : tenantId;
  const sso = useTenantSso({ tenantId: target });
  const dialog = useDialogState<SsoProvider | null>();

  // The actions depend on the caller's permissions: wait for them rather than pop buttons in.
  if (me.isPending) return <PageLoader h={240} />;
  return (
    <Stack gap="md">
      {sso.data ? <CopyField label={t`Redirect URI`} value={sso.data.redirectUri} /> : null}
      <DataTable
        label={t`SSO`}
        columns={columns}
        data={sso.data?.items}
        getRowId={getRowId}
        loading={sso.isPending}
        error={sso.isError ? problemText(sso.error, i18n) : undefined}
        onRetry={() => void sso.refetch()}
        emptyText={t`There are no sign-in providers!`}
        toolbar={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => dialog.open(null)}>
              <Trans>Create</Trans>
            </Button>
          ) : null
        }
        rowActions={
          canEdit
            ? (provider: SsoProvider) => <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => dialog.open(provider)} />
            : undefined
        }
      />
      <SsoProviderDialog key={`provider-${dialog.key}`} opened={dialog.opened} provider={dialog.target} tenantId={target} onClose={dialog.close} />
    </Stack>
  );
}
