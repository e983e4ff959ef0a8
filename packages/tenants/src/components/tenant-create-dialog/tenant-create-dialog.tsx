import { Radio, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { topLevelFieldOf } from '@portal/api-client';
import { isValidEmail, isValidPassword, showSubmitError, isValidPersonName } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { FormDialog, notify, PasswordField } from '@portal/ui-kit';
import { useAddTenant, type TenantCreate, type TenantCreated } from '../../api/tenants/add-tenant';
import { useTenantDefaults } from '../../api/tenants/get-defaults';
import { countryName, PHONE_COUNTRIES } from '../../utils/countries';
import { isValidSubdomain, languageChoice, languageValue, maxUsersValue, suggestSubdomain, TENANT_NAME_MAX_LENGTH } from '../../utils/tenant-rules';
import { maxUsersRule, TENANT_FEATURES, TenantFlagsFields, type TenantFlags } from '../tenant-flags-fields';

export type TenantCreateDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Receives the answer, whose `signIn` is the new administrator's sign-in info (shown once). */
  onCreated: (created: TenantCreated) => void;
};

type Values = {
  name: string;
  sname: string;
  brandname: string;
  country: string | null;
  address: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordMode: TenantCreate['admin']['passwordMode'];
  password: string;
} & TenantSettingValues;

type TenantSettingValues = TenantFlags;
const SETTING_FIELDS = ['signupNormal', 'signupSocial', 'dialIn', 'dialOut', 'features', 'defaultLanguage', 'maxUsers'] as const;

/** The server's built-in defaults (apps/server/src/tenants/defaults.ts), shown until the platform's saved ones arrive. */
const BUILT_IN_SETTINGS: TenantSettingValues = {
  signupNormal: true,
  signupSocial: false,
  dialIn: false,
  dialOut: false,
  features: { mobile_app: true, desktop_client: true, third_party_apps: false, waiting_room_games: false, neosound: false, slack: false },
  defaultLanguage: languageChoice(null),
  maxUsers: '',
};

/** A setting as the contract has it: the form's "Platform default" and empty limit are null there. */
function settingValue(field: (typeof SETTING_FIELDS)[number], values: TenantSettingValues) {
  if (field === 'defaultLanguage') return languageValue(values.defaultLanguage);
  if (field === 'maxUsers') return maxUsersValue(values.maxUsers);
  return values[field];
}

const SERVER_FIELDS = ['name', 'sname', 'brandname', 'country', 'address', 'email', 'firstName', 'lastName', 'password', 'defaultLanguage', 'maxUsers'] as const;

// Server errors of the nested administrator (`admin.email`) belong under the form's flat fields.
const serverFieldOf = (field: string) => topLevelFieldOf(SERVER_FIELDS)(field.replace(/^admin\./, ''));

/**
 * Creates a tenant (spec "Tenant list", Create): its name, subdomain (its realm, 'Enter a valid
 * subdomain'), brand name, country and address, and its first administrator with a generated or
 * chosen password, and its sign-up, phone bridge and feature settings, prefilled from the
 * platform's tenant defaults (getDefaults). Mount it with a fresh `key` per opening.
 */
export function TenantCreateDialog({ opened, onClose, onCreated }: TenantCreateDialogProps) {
  const { t, i18n } = useLingui();
  const addTenant = useAddTenant();
  const defaults = useTenantDefaults();

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', sname: '', brandname: '', country: null, address: '', email: '', firstName: '', lastName: '', passwordMode: 'generate', password: '', ...BUILT_IN_SETTINGS },
    validate: {
      name: (value) => (value.trim() && value.length <= TENANT_NAME_MAX_LENGTH ? null : i18n._(validationMessages.required)),
      sname: (value) => (isValidSubdomain(value) ? null : i18n._(validationMessages.subdomain)),
      email: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmail)),
      firstName: (value) => (isValidPersonName(value) ? null : i18n._(validationMessages.firstName)),
      lastName: (value) => (isValidPersonName(value) ? null : i18n._(validationMessages.lastName)),
      password: (value, values) => (values.passwordMode === 'generate' || isValidPassword(value) ? null : i18n._(validationMessages.password)),
      maxUsers: maxUsersRule(i18n),
    },
  });

  // The saved defaults replace the built-in ones once, when they arrive, except where the
  // administrator has already chosen.
  const saved = defaults.data;
  const prefilled = useRef(false);
  useEffect(() => {
    if (!saved || prefilled.current) return;
    prefilled.current = true;
    const flags = (['signupNormal', 'signupSocial', 'dialIn', 'dialOut'] as const).filter((field) => !form.isTouched(field));
    const features = TENANT_FEATURES.map(([key]) => key).filter((key) => !form.isTouched(`features.${key}`));
    for (const field of flags) form.setFieldValue(field, saved[field]);
    for (const key of features) form.setFieldValue(`features.${key}`, saved.features[key] ?? BUILT_IN_SETTINGS.features[key] ?? false);
    if (!form.isTouched('defaultLanguage')) form.setFieldValue('defaultLanguage', languageChoice(saved.defaultLanguage));
    if (!form.isTouched('maxUsers')) form.setFieldValue('maxUsers', saved.maxUsers ?? '');
  }, [saved, form]);

  // The subdomain follows the name until the administrator edits it.
  const snameEdited = useRef(false);
  const nameInput = form.getInputProps('name');
  const snameInput = form.getInputProps('sname');
  const onNameChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    if (!snameEdited.current) form.setFieldValue('sname', suggestSubdomain(value));
    form.setFieldValue('name', value);
  };
  const onSnameChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    snameEdited.current = true;
    form.setFieldValue('sname', event.currentTarget.value);
  };

  const submit = form.onSubmit(async (values) => {
    const body: TenantCreate = {
      name: values.name.trim(),
      sname: values.sname,
      ...(values.brandname.trim() ? { brandname: values.brandname.trim() } : {}),
      ...(values.country ? { country: values.country } : {}),
      ...(values.address.trim() ? { address: values.address.trim() } : {}),
      // Without the saved defaults, only what the administrator chose: the server fills in the rest.
      ...Object.fromEntries(SETTING_FIELDS.filter((field) => defaults.isSuccess || form.isDirty(field)).map((field) => [field, settingValue(field, values)])),
      admin: {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        passwordMode: values.passwordMode,
        ...(values.passwordMode === 'manual' ? { password: values.password } : {}),
      },
    };
    try {
      const created = await addTenant.mutateAsync(body);
      notify.success(t`Tenant created successfully`);
      onClose();
      onCreated(created);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: serverFieldOf });
    }
  });

  const countries = PHONE_COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.locale) })).sort((a, b) => a.label.localeCompare(b.label, i18n.locale));

  return (
    <FormDialog opened={opened} onClose={onClose} title={t`Create tenant`} submitLabel={t`Create`} loading={addTenant.isPending} submitDisabled={addTenant.isPending} onSubmit={submit} size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Tenant Name`} required maxLength={TENANT_NAME_MAX_LENGTH} data-autofocus {...nameInput} onChange={onNameChange} />
          <TextInput
            label={t`Subdomain`}
            description={t`Lower-case letters, digits and hyphens; the tenant's address`}
            required
            dir="ltr"
            autoComplete="off"
            {...snameInput}
            onChange={onSnameChange}
          />
          <TextInput label={t`Brand name`} description={t`Shown on the sign-in page; the tenant name when empty`} {...form.getInputProps('brandname')} />
          <Select label={t`Country`} searchable clearable data={countries} nothingFoundMessage={t`No results..`} {...form.getInputProps('country')} />
        </SimpleGrid>
        <Textarea label={t`Address`} rows={2} maxLength={300} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Tenant Admin Email`} required type="email" dir="ltr" autoComplete="off" {...form.getInputProps('email')} />
          <div />
          <TextInput label={t`First Name`} required {...form.getInputProps('firstName')} />
          <TextInput label={t`Last Name`} required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Radio.Group label={t`Password`} {...form.getInputProps('passwordMode')}>
          <Group gap="lg" mt="xs">
            <Radio value="generate" label={t`Generate`} />
            <Radio value="manual" label={t`Set password`} />
          </Group>
        </Radio.Group>
        {form.values.passwordMode === 'manual' ? <PasswordField label={t`New password`} required autoComplete="new-password" {...form.getInputProps('password')} /> : null}
        <TenantFlagsFields form={form} />
      </Stack>
    </FormDialog>
  );
}
