import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { validationMessages } from '@portal/i18n';
import { FormDialog, notify } from '@portal/ui-kit';
import type { MediaClient } from '../../api/clients/get-clients';
import { useTenants } from '../../api/tenants/get-tenants';
import { usePutClient } from '../../api/clients/put-client';
import { useUpdateClient } from '../../api/clients/update-client';
import { clientBody, formPathOf, initialClientValues, isHttpUrl, isIceUrl, isVersion, type ClientFormValues, type IceServerRow } from './client-form-values';
import { IceServerFields } from './ice-server-fields';
import { showSubmitError } from '@portal/forms';

export type ClientFormDialogProps = {
  opened: boolean;
  /** The client to edit; without it the dialog creates one. */
  client?: MediaClient | null;
  onClose: () => void;
};

const TENANT_SEARCH_LIMIT = 10;

/**
 * Creates a media client for a chosen tenant, or edits one: WebRTC policies, versions and the
 * video and audio ICE servers. Stored credentials are never sent back; an empty credential keeps
 * the stored one. Mount it with a fresh `key` per opening.
 */
export function ClientFormDialog({ opened, client, onClose }: ClientFormDialogProps) {
  const { t, i18n } = useLingui();
  const editing = Boolean(client);
  const [tenantSearch, setTenantSearch] = useState('');
  const [tenantQuery] = useDebouncedValue(tenantSearch.trim(), 300);
  const tenants = useTenants({ q: tenantQuery || undefined, limit: TENANT_SEARCH_LIMIT }, { enabled: opened && !editing });
  const putClient = usePutClient();
  const updateClient = useUpdateClient();
  const pending = putClient.isPending || updateClient.isPending;

  const optionalUrl = (value: string) => (value.trim() === '' || isHttpUrl(value) ? null : i18n._(validationMessages.url));
  const optionalVersion = (value: string) => (value.trim() === '' || isVersion(value) ? null : t`Enter a valid version, e.g. 2.1.0`);
  const iceRow = { url: (value: string) => (isIceUrl(value) ? null : i18n._(validationMessages.uris)) } satisfies Partial<Record<keyof IceServerRow, unknown>>;

  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: initialClientValues(client),
    validate: {
      name: (value) => (value.trim() ? null : i18n._(validationMessages.required)),
      version: optionalUrl,
      appServer: optionalUrl,
      minVersion: optionalVersion,
      maxVersion: optionalVersion,
      video: iceRow,
      audio: iceRow,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      if (client) {
        await updateClient.mutateAsync({ clientId: client.id, changes: clientBody(values) });
        notify.success(t`Client edited successfully`);
      } else {
        await putClient.mutateAsync({ ...clientBody(values), ...(values.tenantId ? { tenantId: values.tenantId } : {}) });
        notify.success(t`Client created successfully`);
      }
      onClose();
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: formPathOf });
    }
  });

  const tenantOptions = (tenants.data?.items ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }));

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? t`Edit client` : t`Create client`}
      submitLabel={editing ? t`Save` : t`Create`}
      loading={pending}
      submitDisabled={pending}
      onSubmit={submit}
      size="xl"
    >
      {editing ? (
        <TextInput label={t`Tenant name`} value={client?.tenantName ?? ''} readOnly />
      ) : (
        <Select
          label={t`Tenant`}
          description={t`Leave empty to create the client in your own tenant.`}
          placeholder={t`Your tenant`}
          searchable
          clearable
          data={tenantOptions}
          // The server searches; the options shown are already the matches.
          filter={({ options }) => options}
          searchValue={tenantSearch}
          onSearchChange={setTenantSearch}
          nothingFoundMessage={tenants.isFetching ? t`Loading` : t`No results..`}
          {...form.getInputProps('tenantId')}
        />
      )}
      <TextInput label={t`Name`} required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t`Ice transport`}
          allowDeselect={false}
          data={[
            { value: 'all', label: t`All` },
            { value: 'relay', label: t`Relay only` },
          ]}
          {...form.getInputProps('iceTransportPolicy')}
        />
        <Select
          label={t`Bundle policy`}
          allowDeselect={false}
          data={[
            { value: 'balanced', label: t`Balanced` },
            { value: 'max-compat', label: t`Maximum compatibility` },
            { value: 'max-bundle', label: t`Maximum bundle` },
          ]}
          {...form.getInputProps('bundlePolicy')}
        />
        <TextInput label={t`Min version`} placeholder="1.0.0" dir="ltr" {...form.getInputProps('minVersion')} />
        <TextInput label={t`Max version`} placeholder="2.5.0" dir="ltr" {...form.getInputProps('maxVersion')} />
        <TextInput label={t`Version URL`} placeholder="https://" dir="ltr" type="url" {...form.getInputProps('version')} />
        <TextInput label={t`App server`} placeholder="https://" dir="ltr" type="url" {...form.getInputProps('appServer')} />
      </SimpleGrid>
      <IceServerFields form={form} list="video" legend={t`ICE servers for video`} />
      <IceServerFields form={form} list="audio" legend={t`ICE servers for audio`} />
      <Checkbox label={t`Enabled`} {...form.getInputProps('enabled', { type: 'checkbox' })} />
    </FormDialog>
  );
}
