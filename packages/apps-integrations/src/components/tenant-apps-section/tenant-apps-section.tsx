import { SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { ConfirmDialog, ErrorState, notify, PageLoader, useDialogState } from '@portal/ui-kit';
import { useTenantApps, type TenantApp } from '../../api/get-tenant-apps';
import { useRemoveTenantApp } from '../../api/remove-tenant-app';
import { useUpdateTenantApp } from '../../api/update-tenant-app';
import { PARTNER_APPS } from '../../utils/partner-apps';
import { PartnerAppDialog } from '../partner-app-dialog';
import { PartnerAppCard } from './partner-app-card';

export type TenantAppsSectionProps = { tenantId: string };

type ConfirmProps = { app: TenantApp | null; opened: boolean; loading: boolean; onConfirm: () => void; onClose: () => void };

/** Uninstall asks first: the app stops at once, its settings stay. */
function UninstallConfirm({ app, ...props }: ConfirmProps) {
  const { t } = useLingui();
  const name = app ? PARTNER_APPS[app.app].name : '';
  return (
    <ConfirmDialog {...props} title={t`Uninstall ${name}`} message={t`Are you sure you want to uninstall ${name} ?`} confirmLabel={t`Uninstall`}>
      <Text size="sm" c="dimmed">
        <Trans>It stops working for this tenant at once. Its settings are kept: installing it again restores them.</Trans>
      </Text>
    </ConfirmDialog>
  );
}

/** Remove asks first, in red and starting on Cancel: the settings are deleted. */
function RemoveConfirm({ app, ...props }: ConfirmProps) {
  const { t } = useLingui();
  const name = app ? PARTNER_APPS[app.app].name : '';
  return (
    <ConfirmDialog {...props} danger title={t`Remove ${name}`} message={t`Are you sure you want to remove ${name} ?`} confirmLabel={t`Remove`}>
      <Text size="sm" c="dimmed">
        <Trans>All its settings, API key included, are deleted. Installing it again starts from scratch.</Trans>
      </Text>
    </ConfirmDialog>
  );
}

/**
 * The "Partner apps" section of the tenant detail and the operational dashboard: Neosound and
 * Slack, each installed through a short wizard, then configured, uninstalled (its settings kept)
 * or removed (its settings deleted), after a confirmation. With `tenant.partner_app.put` apps are
 * installed, with `update` configured, uninstalled and installed again, with `delete` removed.
 */
export function TenantAppsSection({ tenantId }: TenantAppsSectionProps) {
  const { t, i18n } = useLingui();
  const me = useCurrentUser();
  const can = { install: useCan('tenant.partner_app.put'), update: useCan('tenant.partner_app.update'), remove: useCan('tenant.partner_app.delete') };
  const apps = useTenantApps(tenantId);
  const update = useUpdateTenantApp(tenantId);
  const remove = useRemoveTenantApp(tenantId);
  const wizard = useDialogState<TenantApp>();
  const uninstalling = useDialogState<TenantApp>();
  const removing = useDialogState<TenantApp>();

  // The actions depend on the caller's permissions: wait for them rather than pop buttons in.
  if (me.isPending || apps.isPending) return <PageLoader h={240} />;
  if (apps.isError) return <ErrorState message={problemText(apps.error, i18n)} actionLabel={t`Retry`} onAction={() => void apps.refetch()} />;

  const confirmUninstall = () => {
    const app = uninstalling.target;
    if (!app) return;
    const name = PARTNER_APPS[app.app].name;
    update.mutate(
      { app: app.app, changes: { state: 'uninstalled' } },
      {
        onSuccess: () => {
          notify.success(t`${name} uninstalled successfully`);
          uninstalling.close();
        },
      },
    );
  };

  const confirmRemove = () => {
    const app = removing.target;
    if (!app) return;
    const name = PARTNER_APPS[app.app].name;
    remove.mutate({ app: app.app }, {
      onSuccess: () => {
        notify.success(t`${name} removed successfully`);
        removing.close();
      },
    });
  };

  const noneInstalled = apps.data.items.every((app) => app.state === 'not_installed');

  return (
    <Stack gap="md">
      {noneInstalled ? (
        <Text c="dimmed">
          <Trans>No partner app is installed for this tenant yet.</Trans>
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {apps.data.items.map((app) => (
          <PartnerAppCard
            key={app.app}
            app={app}
            can={can}
            onInstall={() => wizard.open(app)}
            onConfigure={() => wizard.open(app)}
            onUninstall={() => uninstalling.open(app)}
            onRemove={() => removing.open(app)}
          />
        ))}
      </SimpleGrid>
      {wizard.target ? <PartnerAppDialog key={`app-${wizard.key}`} opened={wizard.opened} tenantId={tenantId} app={wizard.target} onClose={wizard.close} /> : null}
      <UninstallConfirm app={uninstalling.target} opened={uninstalling.opened} loading={update.isPending} onConfirm={confirmUninstall} onClose={uninstalling.close} />
      <RemoveConfirm app={removing.target} opened={removing.opened} loading={remove.isPending} onConfirm={confirmRemove} onClose={removing.close} />
    </Stack>
  );
}
