import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import type { Tenant } from '../../api/tenants/get-tenant';
import { useUpdateTenant, type TenantUpdate } from '../../api/tenants/update-tenant';
import { countryName, PHONE_COUNTRIES } from '../../utils/countries';
import { isValidSubdomain, TENANT_NAME_MAX_LENGTH } from '../../utils/tenant-rules';
import { showSubmitError } from '@portal/forms';
import { topLevelFieldOf } from '@portal/api-client';

export type TenantDetailsFormProps = {
  tenant: Tenant;
  /** The platform super administrator may change the subdomain and the account status. */
  platformAdmin: boolean;
};

type Values = { name: string; sname: string; brandname: string; country: string | null; address: string; active: boolean };

const SERVER_FIELDS = ['name', 'sname', 'brandname', 'country', 'address', 'status'] as const;

/** The "Tenant" section of the tenant detail: name, subdomain, brand name, country, address, account status. */
export function TenantDetailsForm({ tenant, platformAdmin }: TenantDetailsFormProps) {
  const { t, i18n } = useLingui();
  const update = useUpdateTenant();
  const isSystem = tenant.sname === 'system';

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: tenant.name, sname: tenant.sname, brandname: tenant.brandname, country: tenant.country, address: tenant.address ?? '', active: tenant.status === 'active' },
    validate: {
      name: (value) => (value.trim() && value.length <= TENANT_NAME_MAX_LENGTH ? null : i18n._(validationMessages.required)),
      brandname: (value) => (value.trim() && value.length <= TENANT_NAME_MAX_LENGTH ? null : i18n._(validationMessages.required)),
      sname: (value) => (value === tenant.sname || isValidSubdomain(value) ? null : i18n._(validationMessages.subdomain)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const changes: TenantUpdate = { name: values.name.trim(), brandname: values.brandname.trim(), country: values.country, address: values.address.trim() || null };
    if (platformAdmin && !isSystem) {
      if (values.sname !== tenant.sname) changes.sname = values.sname;
      changes.status = values.active ? 'active' : 'disabled';
    }
    try {
      const saved = await update.mutateAsync({ tenantId: tenant.id, changes });
      form.resetDirty({ ...values, sname: saved.sname });
      notify.success(t`Tenant edited successfully`);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(SERVER_FIELDS) });
    }
  });

  const countries = PHONE_COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.locale) })).sort((a, b) => a.label.localeCompare(b.label, i18n.locale));
  const canChangeIdentity = platformAdmin && !isSystem;

  return (
    <form onSubmit={submit} noValidate aria-label={t`Tenant`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Tenant Name`} required maxLength={TENANT_NAME_MAX_LENGTH} {...form.getInputProps('name')} />
          <TextInput
            label={t`Subdomain`}
            dir="ltr"
            required
            disabled={!canChangeIdentity}
            description={canChangeIdentity ? t`Changing it moves the tenant to a new address` : undefined}
            {...form.getInputProps('sname')}
          />
          <TextInput label={t`Brand name`} required maxLength={TENANT_NAME_MAX_LENGTH} {...form.getInputProps('brandname')} />
          <Select label={t`Country`} searchable clearable data={countries} nothingFoundMessage={t`No results..`} {...form.getInputProps('country')} />
        </SimpleGrid>
        <Textarea label={t`Address`} rows={2} maxLength={300} {...form.getInputProps('address')} />
        <Switch
          label={t`Account active`}
          description={t`A disabled tenant's address stops answering at once`}
          disabled={!canChangeIdentity}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
