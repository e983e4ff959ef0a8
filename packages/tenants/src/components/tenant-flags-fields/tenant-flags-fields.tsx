import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import { validationMessages } from '@portal/i18n';
import { isValidMaxUsers, LANGUAGE_OPTIONS, PLATFORM_LANGUAGE, TENANT_MAX_USERS, type TenantLanguageChoice } from '../../utils/tenant-rules';

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

/** The languages a tenant's portal may default to; "Platform default" follows the global configuration. */
const LANGUAGE_CHOICES: ReadonlyArray<readonly [TenantLanguageChoice, MessageDescriptor]> = [
  [PLATFORM_LANGUAGE, msg`Platform default`],
  ...LANGUAGE_OPTIONS.map(({ value, label }) => [value, label] as const),
];

export type TenantFlags = {
  signupNormal: boolean;
  signupSocial: boolean;
  dialIn: boolean;
  dialOut: boolean;
  features: Record<string, boolean>;
  defaultLanguage: TenantLanguageChoice;
  /** Empty ('') is unlimited. */
  maxUsers: number | string;
};

/** The form rule of the user limit: empty, or a whole number within the contract's bounds. */
export const maxUsersRule = (i18n: I18n) => (value: number | string) => (isValidMaxUsers(value) ? null : i18n._(validationMessages.maxUsers));

export type TenantFlagsFieldsProps<V extends TenantFlags> = {
  form: UseFormReturnType<V>;
  /**
   * Dial in and out, the default language and the user limit shown but not changeable: dial in and
   * out are permission-like flags (spec section 6) and the language and limit the platform's terms
   * for the tenant, all set by the platform super administrator only, never by the tenant's own.
   */
  platformReadOnly?: boolean;
};

/** Sign-up options, phone bridge dial in/out, language and user limit, and the features of a tenant: shared by the create dialog and the settings tab. */
export function TenantFlagsFields<V extends TenantFlags>({ form, platformReadOnly = false }: TenantFlagsFieldsProps<V>) {
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
            <Switch label={t`Dial In`} disabled={platformReadOnly} {...checkbox('dialIn')} />
            <Switch label={t`Dial Out`} disabled={platformReadOnly} {...checkbox('dialOut')} />
            {platformReadOnly ? (
              <Text size="sm" c="dimmed">
                {t`Only the platform administrator switches dial in and dial out.`}
              </Text>
            ) : null}
          </Stack>
        </Fieldset>
      </SimpleGrid>
      <Fieldset legend={t`Language and users`}>
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t`Default language`}
              description={t`For visitors who have not chosen one`}
              allowDeselect={false}
              disabled={platformReadOnly}
              data={LANGUAGE_CHOICES.map(([value, label]) => ({ value, label: i18n._(label) }))}
              {...form.getInputProps('defaultLanguage')}
            />
            <NumberInput
              label={t`Max users`}
              description={t`Leave empty for no limit`}
              min={TENANT_MAX_USERS.min}
              max={TENANT_MAX_USERS.max}
              allowDecimal={false}
              allowNegative={false}
              disabled={platformReadOnly}
              {...form.getInputProps('maxUsers')}
            />
          </SimpleGrid>
          {platformReadOnly ? (
            <Text size="sm" c="dimmed">
              {t`Only the platform administrator changes the default language and the user limit.`}
            </Text>
          ) : null}
        </Stack>
      </Fieldset>
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
