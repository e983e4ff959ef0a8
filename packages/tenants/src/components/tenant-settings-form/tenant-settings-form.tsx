import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '@portal/ui-kit';
import type { Tenant } from '../../api/tenants/get-tenant';
import { useUpdateTenant } from '../../api/tenants/update-tenant';
import { languageChoice, languageValue, maxUsersValue, withoutPartnerAppFlags } from '../../utils/tenant-rules';
import { maxUsersRule, TENANT_FEATURES, TenantFlagsFields, type TenantFlags } from '../tenant-flags-fields';
import { showSubmitError } from '@portal/forms';
import { topLevelFieldOf } from '@portal/api-client';

export type TenantSettingsFormProps = {
  tenant: Tenant;
  /** The platform super administrator also sets dial in and out, the default language and the user limit; a tenant administrator sees them read-only. */
  platformAdmin: boolean;
};

type Values = TenantFlags;

const SERVER_FIELDS = ['defaultLanguage', 'maxUsers'] as const;

/** The "Tenant settings" section: signup options, phone bridge dial in/out, default language, user limit and the tenant's features. */
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
      defaultLanguage: languageChoice(tenant.defaultLanguage),
      maxUsers: tenant.maxUsers ?? '',
    },
    validate: { maxUsers: maxUsersRule(i18n) },
  });

  const submit = form.onSubmit(async (values) => {
    // Dial in and out, the language and the user limit are the platform's to set: the server refuses them from anyone else.
    const { dialIn, dialOut, defaultLanguage, maxUsers, ...others } = values;
    const flags = platformAdmin ? { ...others, dialIn, dialOut, defaultLanguage: languageValue(defaultLanguage), maxUsers: maxUsersValue(maxUsers) } : others;
    try {
      // The partner apps' flags are left out: the server keeps what the installed apps say.
      await update.mutateAsync({ tenantId: tenant.id, changes: { ...flags, features: { ...withoutPartnerAppFlags(tenant.features), ...values.features } } });
      form.resetDirty(values);
      notify.success(t`Tenant settings saved successfully`);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(SERVER_FIELDS) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Tenant settings`}>
      <Stack gap="md">
        <TenantFlagsFields form={form} platformReadOnly={!platformAdmin} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
