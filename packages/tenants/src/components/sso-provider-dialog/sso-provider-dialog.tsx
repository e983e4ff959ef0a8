import { ActionIcon, Autocomplete, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { isApiError } from '@portal/api-client';
import { useCan } from '@portal/auth';
import { showSubmitError } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { FormDialog, notify, PasswordField } from '@portal/ui-kit';
import { useAddTenantSso } from '../../api/sso/add-tenant-sso';
import type { SsoProvider } from '../../api/sso/get-tenant-sso';
import { useTenantRoles } from '../../api/roles/get-tenant-roles';
import { useUserRoles } from '../../api/users/get-user-roles';
import { useUpdateTenantSso } from '../../api/sso/update-tenant-sso';
import {
  emptyMappingRow,
  hasOpenIdScope,
  initialSsoProviderValues,
  isHttpsIssuer,
  SSO_KIND_LABELS,
  SSO_LIMITS,
  ssoFieldErrorText,
  ssoFormPathOf,
  ssoMessages,
  ssoProviderCreateBody,
  ssoProviderUpdateBody,
  type SsoProviderFormValues,
} from './sso-provider-values';

export type SsoProviderDialogProps = {
  opened: boolean;
  /** The provider to edit; without it the dialog creates one. */
  provider?: SsoProvider | null;
  /** The tenant whose provider it is; without it the caller's own tenant. */
  tenantId?: string;
  onClose: () => void;
};

/**
 * Creates or edits an OpenID Connect provider of the caller's own tenant, or of `tenantId`: its name and login
 * button, issuer, client id and secret, scopes, the role new users get from a claim, and its
 * status. The client secret is write-only: an empty field keeps the stored one. Mount it with a
 * fresh `key` per opening.
 */
export function SsoProviderDialog({ opened, provider, tenantId, onClose }: SsoProviderDialogProps) {
  const { t, i18n } = useLingui();
  const editing = Boolean(provider);
  const addProvider = useAddTenantSso(tenantId);
  const updateProvider = useUpdateTenantSso(tenantId);
  const pending = addProvider.isPending || updateProvider.isPending;
  // The roles the caller may hand out are suggestions only: the server decides. In another
  // tenant (the platform administrator's, who may hand out any), that tenant's enabled roles.
  const canListRoles = useCan('user.get');
  const ownRoles = useUserRoles({ enabled: opened && canListRoles && !tenantId });
  const tenantRoles = useTenantRoles(tenantId ?? '', { enabled: opened && Boolean(tenantId) });
  const required = (value: string) => (value.trim() ? null : i18n._(validationMessages.required));

  const form = useForm<SsoProviderFormValues>({
    mode: 'controlled',
    initialValues: initialSsoProviderValues(provider),
    validate: {
      name: required,
      issuer: (value) => (isHttpsIssuer(value) ? null : i18n._(validationMessages.url)),
      clientId: required,
      scopes: (value) => (!value.trim() ? i18n._(validationMessages.required) : hasOpenIdScope(value) ? null : i18n._(ssoMessages.scopesOpenId)),
      claim: (value, values) => (values.mappings.length > 0 ? required(value) : null),
      mappings: {
        value: (value, values, path) => {
          if (!value.trim()) return i18n._(validationMessages.required);
          const index = Number(path.split('.')[1]);
          return values.mappings.some((row, other) => other < index && row.value.trim() === value.trim()) ? i18n._(ssoMessages.valueMappedTwice) : null;
        },
        role: required,
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      if (provider) {
        await updateProvider.mutateAsync({ providerId: provider.id, changes: ssoProviderUpdateBody(values) });
        notify.success(t`Provider edited successfully`);
      } else {
        await addProvider.mutateAsync(ssoProviderCreateBody(values));
        notify.success(t`Provider created successfully`);
      }
      onClose();
    } catch (error) {
      // A taken name is a 409 problem without field errors.
      if (isApiError(error) && error.code === 'name_exists') form.setFieldError('name', ssoFieldErrorText('name_exists', i18n));
      else showSubmitError(form, error, i18n, { pathOf: (field) => ssoFormPathOf(field, values.mappings), textOf: ssoFieldErrorText });
    }
  });

  const secretDescription = !provider
    ? t`Stored encrypted and never shown again.`
    : provider.hasSecret
      ? t`A client secret is stored; leave empty to keep it.`
      : t`No client secret is stored; leave empty to keep it that way.`;
  const roleNames = tenantId
    ? (tenantRoles.data?.items ?? []).filter((role) => role.status === 'enabled').map((role) => role.name)
    : (ownRoles.data?.items ?? []).map((role) => role.name);
  const mappings = form.values.mappings;

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? t`Edit provider` : t`Create provider`}
      submitLabel={editing ? t`Save` : t`Create`}
      loading={pending}
      submitDisabled={pending}
      onSubmit={submit}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t`Name`} required maxLength={SSO_LIMITS.name} autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <Select
          label={t`Sign-in button`}
          allowDeselect={false}
          data={Object.entries(SSO_KIND_LABELS).map(([value, label]) => ({ value, label }))}
          {...form.getInputProps('kind')}
        />
      </SimpleGrid>
      <TextInput
        label={t`Issuer URL`}
        description={t`The provider's https address, without query or fragment.`}
        placeholder="https://accounts.example.com"
        required
        type="url"
        dir="ltr"
        maxLength={SSO_LIMITS.issuer}
        {...form.getInputProps('issuer')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t`Client ID`} required dir="ltr" autoComplete="off" maxLength={SSO_LIMITS.clientId} {...form.getInputProps('clientId')} />
        <PasswordField
          label={t`Client secret`}
          description={secretDescription}
          autoComplete="new-password"
          maxLength={SSO_LIMITS.clientSecret}
          disabled={form.values.removeSecret}
          {...form.getInputProps('clientSecret')}
        />
      </SimpleGrid>
      {provider?.hasSecret ? <Checkbox label={t`Remove the stored client secret`} {...form.getInputProps('removeSecret', { type: 'checkbox' })} /> : null}
      <TextInput label={t`Scopes`} description={t`Separated by spaces; openid is required.`} required dir="ltr" maxLength={SSO_LIMITS.scopes} {...form.getInputProps('scopes')} />
      <Fieldset legend={t`Role mapping`} variant="filled">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t`A new user whose claim holds one of the values gets the mapped role; anyone else becomes a member.`}
          </Text>
          <TextInput label={t`Claim`} placeholder="groups" dir="ltr" maxLength={SSO_LIMITS.claim} {...form.getInputProps('claim')} />
          {mappings.map((row, index) => (
            <Group key={row.key} gap="sm" align="flex-start" wrap="wrap">
              <TextInput label={t`Claim value`} required dir="ltr" style={{ flex: '1 1 160px' }} {...form.getInputProps(`mappings.${index}.value`)} />
              <Autocomplete
                label={t`Role`}
                required
                data={roleNames}
                maxLength={SSO_LIMITS.role}
                style={{ flex: '1 1 160px' }}
                {...form.getInputProps(`mappings.${index}.role`)}
              />
              <ActionIcon variant="subtle" color="red" mt={26} aria-label={t`Remove mapping ${index + 1}`} onClick={() => form.removeListItem('mappings', index)}>
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              disabled={mappings.length >= SSO_LIMITS.mappings}
              onClick={() => form.insertListItem('mappings', emptyMappingRow())}
            >
              {t`Add mapping`}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <Checkbox label={t`Enabled`} {...form.getInputProps('enabled', { type: 'checkbox' })} />
    </FormDialog>
  );
}
