import { Checkbox, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { validationMessages } from '@portal/i18n';
import { FormDialog, notify, TagsField } from '@portal/ui-kit';
import type { DevClient } from '../../api/dev-clients/get-dev-clients';
import { useUserRoles } from '../../api/users/get-user-roles';
import { usePutDevClient } from '../../api/dev-clients/put-dev-client';
import { useUpdateDevClient } from '../../api/dev-clients/update-dev-client';
import { isRedirectUri, isWebOrigin } from './dev-client-uris';
import { showSubmitError } from '@portal/forms';
import { topLevelFieldOf } from '@portal/api-client';

export type DevClientFormDialogProps = {
  opened: boolean;
  /** The client to edit; without it the dialog creates one. */
  client?: DevClient | null;
  onClose: () => void;
  /** Called with the client and its new secret when the server made one (create, regenerate). */
  onSecret: (credentials: { clientId: string; secret: string }) => void;
};

type Values = { name: string; enabled: boolean; roleId: string | null; redirectUris: string[]; webOrigins: string[]; regenerateSecret: boolean };

const fields = ['name', 'roleId', 'redirectUris', 'webOrigins'] as const;

/**
 * Creates or edits a developer (OAuth) client: name, status, the role it acts with, redirect URIs
 * and web origins. Mount it with a fresh `key` per opening.
 */
export function DevClientFormDialog({ opened, client, onClose, onSecret }: DevClientFormDialogProps) {
  const { t, i18n } = useLingui();
  const roles = useUserRoles({ enabled: opened });
  const putClient = usePutDevClient();
  const updateClient = useUpdateDevClient();
  const pending = putClient.isPending || updateClient.isPending;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: client?.name ?? '',
      enabled: (client?.status ?? 'enabled') === 'enabled',
      roleId: client?.roleId ?? null,
      redirectUris: client?.redirectUris ?? [],
      webOrigins: client?.webOrigins ?? [],
      regenerateSecret: false,
    },
    validate: {
      name: (value) => (value.trim() ? null : i18n._(validationMessages.client)),
      redirectUris: (value) => (value.every(isRedirectUri) ? null : i18n._(validationMessages.uris)),
      webOrigins: (value) => (value.every(isWebOrigin) ? null : i18n._(validationMessages.content)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      name: values.name.trim(),
      status: values.enabled ? ('enabled' as const) : ('disabled' as const),
      redirectUris: values.redirectUris,
      webOrigins: values.webOrigins,
      ...(values.roleId ? { roleId: values.roleId } : {}),
    };
    try {
      const saved = client
        ? await updateClient.mutateAsync({ devClientId: client.id, changes: { ...body, ...(values.regenerateSecret ? { regenerateSecret: true } : {}) } })
        : await putClient.mutateAsync(body);
      notify.success(client ? t`${saved.client.name} edited successfully` : t`${saved.client.name} created successfully`);
      onClose();
      if (saved.secret) onSecret({ clientId: saved.client.clientId, secret: saved.secret });
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(fields) });
    }
  });

  const roleOptions = (roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.name }));

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={client ? t`Edit client` : t`Create client`}
      submitLabel={t`Submit`}
      loading={pending}
      submitDisabled={pending}
      onSubmit={submit}
      size="lg"
    >
      <TextInput label={t`Name`} required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
      <Select
        label={t`Role`}
        description={t`What the client may do. Leave empty for the member role.`}
        placeholder="member"
        clearable
        data={roleOptions}
        {...form.getInputProps('roleId')}
      />
      <TagsField
        label={t`Redirect URIs`}
        description={t`Absolute https URLs (http only for localhost). Press Enter after each.`}
        dir="ltr"
        splitChars={[',', ' ']}
        {...form.getInputProps('redirectUris')}
      />
      <TagsField
        label={t`Web origins`}
        description={t`Origins such as https://app.example.com. Press Enter after each.`}
        dir="ltr"
        splitChars={[',', ' ']}
        {...form.getInputProps('webOrigins')}
      />
      <Checkbox label={t`Status`} description={t`An inactive client cannot sign in; its tokens stop working at once.`} {...form.getInputProps('enabled', { type: 'checkbox' })} />
      {client ? (
        <Checkbox
          label={t`Regenerate secret`}
          description={t`The old secret and its tokens stop working; the new one is shown once.`}
          {...form.getInputProps('regenerateSecret', { type: 'checkbox' })}
        />
      ) : null}
    </FormDialog>
  );
}
