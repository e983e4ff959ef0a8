import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '@portal/ui-kit';
import type { Tenant } from '../../../api/get-tenant';
import { useUpdateTenant } from '../../../api/update-tenant';
import { problemText } from '../../../utils/api-error-text';
import { withoutPartnerAppFlags } from '../../../utils/partner-apps';
import { TENANT_FEATURES, TenantFlagsFields, type TenantFlags } from '../tenant-flags-fields';

export type TenantSettingsFormProps = {
  tenant: Tenant;
  /** The platform super administrator also switches dial in and dial out; a tenant administrator sees them read-only. */
  platformAdmin: boolean;
};

type Values = TenantFlags;

/** The "Tenant settings" section: signup options, phone bridge dial in/out and the tenant's features. */
export function TenantSettingsForm({ tenant, platformAdmin }: TenantSettingsFormProps) {
  const { t, i18n } = useLingui();
  const update = useUpdateTenant();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      signupNormal: tenant.signupNormal,
      signupSocial: tenant.signupSocial,
      dialIn: tenant.dialIn,
      dialOut: tenant.dialOut,
      features: Object.fromEntries(TENANT_FEATURES.map(([key]) => [key, tenant.features[key] ?? false])),
    },
  });

  const submit = form.onSubmit(async (values) => {
    // Dial in and out are the platform's to set: the server refuses them from anyone else.
    const { dialIn, dialOut, ...others } = values;
    const flags = platformAdmin ? { ...others, dialIn, dialOut } : others;
    try {
      // The partner apps' flags are left out: the server keeps what the installed apps say.
      await update.mutateAsync({ tenantId: tenant.id, changes: { ...flags, features: { ...withoutPartnerAppFlags(tenant.features), ...values.features } } });
      form.resetDirty(values);
      notify.success(t`Tenant settings saved successfully`);
    } catch (error) {
      notify.error(problemText(error, i18n));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Tenant settings`}>
      <Stack gap="md">
        <TenantFlagsFields form={form} dialReadOnly={!platformAdmin} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
