import { Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { ConfirmDialog, ErrorState, notify, PageLoader, useDialogState } from '@portal/ui-kit';
import { isApiError } from '@portal/api-client';
import { useDeleteTenant } from '../../api/tenants/delete-tenant';
import { useTenant } from '../../api/tenants/get-tenant';
import { useTenantSmtp } from '../../api/tenants/get-tenant-smtp';
import { useIsPlatformAdmin } from '../../hooks/use-is-platform-admin';
import { TenantBrandingSection } from '../tenant-branding-section';
import { TenantClientsSection } from '../tenant-clients-section';
import { TenantDetailsForm } from '../tenant-details-form';
import { TenantRolesSection } from '../tenant-roles-section';
import { TenantSettingsForm } from '../tenant-settings-form';
import { TenantSmtpForm } from '../tenant-smtp-form';
import { TenantSsoSection } from '../tenant-sso-section';
import { TenantThemeSection } from '../tenant-theme-section';
import { TenantUsersSection } from '../tenant-users-section';
import { TENANTS_PATH } from '../../routes/tenant-paths';

export type TenantDetailSection =
  | 'tenant'
  | 'users'
  | 'roles'
  | 'settings'
  | 'branding'
  | 'theme'
  | 'mobile-clients'
  | 'desktop-clients'
  | 'smtp'
  | 'sso';

/**
 * A tab another feature adds to the tenant detail (the portal composes them: partner apps,
 * subscriptions, transactions), shown after one of the detail's own tabs.
 */
export type TenantDetailExtraSection = {
  id: string;
  /** The tab's text, translated when shown. */
  label: MessageDescriptor;
  /** The own tab it follows; sections after the same tab keep their given order. */
  after: TenantDetailSection;
  component: ComponentType<{ tenantId: string }>;
};

export type TenantDetailScreenProps = {
  tenantId: string;
  /** The tab open at first: `settings` for the spec's tenant-features route. */
  initialSection?: TenantDetailSection;
  /** Other features' tabs, each placed after the own tab it names. */
  extraSections?: readonly TenantDetailExtraSection[];
};

const scrollingTabList = {
  list: { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' },
  tab: { flexShrink: 0 },
} as const;

function SmtpSection({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const smtp = useTenantSmtp(tenantId);
  const me = useCurrentUser();
  if (smtp.isPending) return <PageLoader />;
  if (smtp.isError) return <ErrorState message={problemText(smtp.error, i18n)} actionLabel={t`Retry`} onAction={() => void smtp.refetch()} />;
  return <TenantSmtpForm tenantId={tenantId} smtp={smtp.data.smtp} defaultTestRecipient={me.data?.email ?? ''} />;
}

/**
 * One tenant (spec "Tenant detail (admin)", route `Tenant/{tenantUuid}`): its details, users,
 * roles, settings, branding, theme, mobile and desktop apps, SMTP server and SSO providers, one tab each, with the
 * tabs other features add (partner apps, subscriptions, transactions) after the own tab each names. The platform super administrator may also delete it (never the
 * platform's own tenant).
 */
export function TenantDetailScreen({ tenantId, initialSection = 'tenant', extraSections = [] }: TenantDetailScreenProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const platformAdmin = useIsPlatformAdmin();
  const me = useCurrentUser();
  const tenant = useTenant(tenantId);
  const deletion = useDialogState<true>();
  const deleteTenant = useDeleteTenant();

  if (tenant.isPending) return <PageLoader />;
  if (tenant.isError) {
    const notFound = isApiError(tenant.error) && tenant.error.status === 404;
    return (
      <ErrorState
        message={notFound ? t`This tenant does not exist.` : problemText(tenant.error, i18n)}
        actionLabel={t`Back to tenants`}
        onAction={() => void navigate(TENANTS_PATH)}
      />
    );
  }
  const data = tenant.data;
  const own = me.data?.tenant.id === data.id;

  const ownSections: ReadonlyArray<{ value: TenantDetailSection; label: ReactNode; panel: ReactNode }> = [
    { value: 'tenant', label: <Trans>Tenant</Trans>, panel: <TenantDetailsForm key={data.id} tenant={data} platformAdmin={platformAdmin} /> },
    { value: 'users', label: <Trans>User</Trans>, panel: <TenantUsersSection tenantId={data.id} own={own} /> },
    { value: 'roles', label: <Trans>Roles</Trans>, panel: <TenantRolesSection tenantId={data.id} own={own} /> },
    { value: 'settings', label: <Trans>Tenant settings</Trans>, panel: <TenantSettingsForm key={data.id} tenant={data} platformAdmin={platformAdmin} /> },
    { value: 'branding', label: <Trans>Branding</Trans>, panel: <TenantBrandingSection tenantId={data.id} /> },
    { value: 'theme', label: <Trans>Theme</Trans>, panel: <TenantThemeSection tenantId={data.id} sname={data.sname} /> },
    { value: 'mobile-clients', label: <Trans>Mobile Clients</Trans>, panel: <TenantClientsSection tenantId={data.id} kind="mobile" /> },
    { value: 'desktop-clients', label: <Trans>Desktop Clients</Trans>, panel: <TenantClientsSection tenantId={data.id} kind="desktop" /> },
    { value: 'smtp', label: <Trans>SMTP</Trans>, panel: <SmtpSection tenantId={data.id} /> },
    { value: 'sso', label: <Trans>SSO</Trans>, panel: <TenantSsoSection tenantId={data.id} own={own} /> },
  ];
  const sections = ownSections.flatMap((own) => [
    own,
    ...extraSections
      .filter((extra) => extra.after === own.value)
      .map(({ id, label, component: Section }) => ({ value: id, label: i18n._(label), panel: (
          // Other features lend their sections lazily, so their code stays out of the portal's first download.
          <Suspense fallback={<PageLoader />}>
            <Section tenantId={data.id} />
          </Suspense>
        ),
      })),
  ]);

  const confirmDelete = () =>
    deleteTenant.mutate({ tenantId: data.id }, {
      onSuccess: () => {
        notify.success(t`Tenant deleted successfully`);
        deletion.close();
        void navigate(TENANTS_PATH);
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button component={Link} to={TENANTS_PATH} variant="subtle">
            <Trans>Tenants</Trans>
          </Button>
          <Title order={2}>{data.name}</Title>
          {data.status === 'disabled' ? (
            <Badge color="gray" variant="light">
              <Trans>Disabled</Trans>
            </Badge>
          ) : null}
        </Group>
        {platformAdmin && data.sname !== 'system' ? (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => deletion.open(true)}>
            <Trans>Delete</Trans>
          </Button>
        ) : null}
      </Group>
      {/* Thirteen sections wrap into five rows at phone width: one row that scrolls sideways instead. */}
      <Tabs defaultValue={initialSection} keepMounted={false} styles={scrollingTabList}>
        <Tabs.List>
          {sections.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {sections.map(({ value, panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {panel}
          </Tabs.Panel>
        ))}
      </Tabs>
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
        <Trans>
          All users, roles, settings and data of {data.name} ({data.sname}) are removed, and nobody can sign in there any more.
        </Trans>
      </ConfirmDialog>
    </Stack>
  );
}
