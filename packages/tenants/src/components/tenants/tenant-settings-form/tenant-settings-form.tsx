import { Button, Fieldset, Group, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '@portal/ui-kit';
import type { Tenant } from '../../../api/get-tenant';
import { useUpdateTenant } from '../../../api/update-tenant';
import { problemText } from '../../../utils/api-error-text';

export type TenantSettingsFormProps = { tenant: Tenant };

/** The tenant features of the spec's tenant screens (the server's `tenantFeatureKeys`), with their labels. */
export const TENANT_FEATURES: ReadonlyArray<readonly [string, MessageDescriptor]> = [
  ['mobile_app', msg`Mobile app`],
  ['desktop_client', msg`Desktop client`],
  ['third_party_apps', msg`Third-party apps`],
  ['waiting_room_games', msg`Waiting room games`],
  ['neosound', msg`Neosound`],
  ['slack', msg`Slack`],
];

type Values = { signupNormal: boolean; signupSocial: boolean; dialIn: boolean; dialOut: boolean; features: Record<string, boolean> };

/** The "Tenant settings" section: signup options, phone bridge dial in/out and the tenant's features. */
export function TenantSettingsForm({ tenant }: TenantSettingsFormProps) {
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
    try {
      await update.mutateAsync({ tenantId: tenant.id, changes: { ...values, features: { ...tenant.features, ...values.features } } });
      form.resetDirty(values);
      notify.success(t`Tenant settings saved successfully`);
    } catch (error) {
      notify.error(problemText(error, i18n));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Tenant settings`}>
      <Stack gap="md">
        <Fieldset legend={t`Sign-up`}>
          <Stack gap="xs">
            <Switch label={t`Show normal sign-up`} {...form.getInputProps('signupNormal', { type: 'checkbox' })} />
            <Switch label={t`Show social sign-up`} {...form.getInputProps('signupSocial', { type: 'checkbox' })} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t`Phone bridge`}>
          <Stack gap="xs">
            <Switch label={t`Dial In`} {...form.getInputProps('dialIn', { type: 'checkbox' })} />
            <Switch label={t`Dial Out`} {...form.getInputProps('dialOut', { type: 'checkbox' })} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t`Features`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TENANT_FEATURES.map(([key, label]) => (
              <Switch key={key} label={i18n._(label)} {...form.getInputProps(`features.${key}`, { type: 'checkbox' })} />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
