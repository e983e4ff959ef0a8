import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { useUpdateTenantBrand, type TenantBrandInput } from '../../api/tenants/update-tenant-brand';
import type { TenantBrand } from '../../api/tenants/get-tenant-brand';
import { TENANT_NAME_MAX_LENGTH } from '../../utils/tenant-rules';
import { isHttpUrl } from '../client-form-dialog/client-form-values';
import { showSubmitError } from '@portal/forms';
import { topLevelFieldOf } from '@portal/api-client';

export type BrandTextsFormProps = {
  tenantId: string;
  brand: TenantBrand;
  /** Without `tenant.brand.update` the texts show but cannot change. */
  readOnly: boolean;
};

const FIELDS = ['brandname', 'brandUrl', 'loginHeading', 'loginBody', 'registerHeading', 'registerBody', 'dialIn'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (brand: TenantBrand): Values => Object.fromEntries(FIELDS.map((field) => [field, brand[field] ?? ''])) as Values;

/** A value as the server stores it: trimmed, and an emptied optional text cleared (null). */
const stored = (field: Field, value: string): string | null => (field === 'brandname' ? value.trim() : value.trim() || null);

/** Only the texts that differ from the stored brand: an untouched text is never sent back. */
function changesOf(values: Values, brand: TenantBrand): TenantBrandInput {
  return Object.fromEntries(FIELDS.map((field) => [field, stored(field, values[field])] as const).filter(([field, value]) => value !== brand[field]));
}

/** The brand's texts: name and link, the sign-in and sign-up page texts, and the dial-in info. */
export function BrandTextsForm({ tenantId, brand, readOnly }: BrandTextsFormProps) {
  const { t, i18n } = useLingui();
  const update = useUpdateTenantBrand(tenantId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(brand),
    validate: {
      brandname: (value) => (value.trim() ? null : i18n._(validationMessages.required)),
      brandUrl: (value) => (!value.trim() || isHttpUrl(value) ? null : i18n._(validationMessages.url)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const changes = changesOf(values, brand);
    try {
      const saved = Object.keys(changes).length > 0 ? await update.mutateAsync(changes) : brand;
      const next = valuesOf(saved);
      form.setValues(next);
      form.resetDirty(next);
      notify.success(t`Brand updated successfully`);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(FIELDS) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Branding`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Brand name`} required maxLength={TENANT_NAME_MAX_LENGTH} disabled={readOnly} {...form.getInputProps('brandname')} />
          <TextInput label={t`Brand URL`} type="url" dir="ltr" maxLength={500} placeholder="https://" disabled={readOnly} {...form.getInputProps('brandUrl')} />
          <TextInput label={t`Login page heading`} maxLength={200} disabled={readOnly} {...form.getInputProps('loginHeading')} />
          <TextInput label={t`Register page heading`} maxLength={200} disabled={readOnly} {...form.getInputProps('registerHeading')} />
          <Textarea label={t`Login page text`} rows={3} maxLength={2000} disabled={readOnly} {...form.getInputProps('loginBody')} />
          <Textarea label={t`Register page text`} rows={3} maxLength={2000} disabled={readOnly} {...form.getInputProps('registerBody')} />
        </SimpleGrid>
        <Textarea
          label={t`Dial-in information`}
          description={t`Shown with meeting invitations`}
          rows={2}
          maxLength={500}
          disabled={readOnly}
          {...form.getInputProps('dialIn')}
        />
        {readOnly ? null : (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
