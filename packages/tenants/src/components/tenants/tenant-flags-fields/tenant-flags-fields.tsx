import { Fieldset, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';

/**
 * The tenant features of the spec's tenant screens (the server's `tenantFeatureKeys`), with their
 * labels. The partner apps' own features (`neosound`, `slack`) are not switches: they are on while
 * the app is installed, in the Partner apps section.
 */
export const TENANT_FEATURES: ReadonlyArray<readonly [string, MessageDescriptor]> = [
  ['mobile_app', msg`Mobile app`],
  ['desktop_client', msg`Desktop client`],
  ['third_party_apps', msg`Third-party apps`],
  ['waiting_room_games', msg`Waiting room games`],
];

export type TenantFlags = { signupNormal: boolean; signupSocial: boolean; dialIn: boolean; dialOut: boolean; features: Record<string, boolean> };

export type TenantFlagsFieldsProps<V extends TenantFlags> = {
  form: UseFormReturnType<V>;
  /**
   * Dial in and dial out shown but not switchable: they are permission-like flags (spec section 6)
   * only the platform super administrator sets, so a tenant administrator never grants them itself.
   */
  dialReadOnly?: boolean;
};

/** Sign-up options, phone bridge dial in/out and the features of a tenant: shared by the create dialog and the settings tab. */
export function TenantFlagsFields<V extends TenantFlags>({ form, dialReadOnly = false }: TenantFlagsFieldsProps<V>) {
  const { t, i18n } = useLingui();
  const checkbox = (path: string) => form.getInputProps(path, { type: 'checkbox' });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fieldset legend={t`Sign-up`}>
          <Stack gap="xs">
            <Switch label={t`Show normal sign-up`} {...checkbox('signupNormal')} />
            <Switch label={t`Show social sign-up`} {...checkbox('signupSocial')} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t`Phone bridge`}>
          <Stack gap="xs">
            <Switch label={t`Dial In`} disabled={dialReadOnly} {...checkbox('dialIn')} />
            <Switch label={t`Dial Out`} disabled={dialReadOnly} {...checkbox('dialOut')} />
            {dialReadOnly ? (
              <Text size="sm" c="dimmed">
                {t`Only the platform administrator switches dial in and dial out.`}
              </Text>
            ) : null}
          </Stack>
        </Fieldset>
      </SimpleGrid>
      <Fieldset legend={t`Features`}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TENANT_FEATURES.map(([key, label]) => (
              <Switch key={key} label={i18n._(label)} {...checkbox(`features.${key}`)} />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t`Neosound and Slack are switched on by installing them in the tenant's partner apps.`}
          </Text>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
