import { Checkbox, Group, MultiSelect, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Schema } from '@portal/api-client';
import { useRole } from '@portal/auth';
import { isValidEmail, isValidPassword, problemText, OWN_ERROR_NOTICE, showSubmitError, isValidPersonName } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { FormDialog, notify, PasswordField } from '@portal/ui-kit';
import { useAddUser, type UserCreate, type UserCreated } from '../../api/users/add-user';
import { useTenants } from '../../api/tenants/get-tenants';
import { useUserRoles } from '../../api/users/get-user-roles';
import { useTenantAddUser } from '../../api/users/tenant-add-user';
import { useUpdateUser } from '../../api/users/update-user';
import { topLevelFieldOf } from '@portal/api-client';

type User = Schema<'User'>;

export type PasswordMode = UserCreate['passwordMode'];

export type UserFormValues = {
  tenantId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  passwordMode: PasswordMode;
  password: string;
  changePasswordOnSignIn: boolean;
  enabled: boolean;
};

export type UserFormDialogProps = {
  opened: boolean;
  /** The user to edit; without it the dialog adds a new user. */
  user?: User | null;
  onClose: () => void;
  /** After a user was added, with the one-time sign-in info to show. */
  onCreated?: (created: UserCreated) => void;
};

const SERVER_FIELDS = ['email', 'firstName', 'lastName', 'roles', 'password'] as const;
const TENANT_SEARCH_LIMIT = 10;
/** The built-in role every tenant has for ordinary members; most new users get just that. */
const DEFAULT_MEMBER_ROLE = 'member';

function initialValues(user: User | null | undefined): UserFormValues {
  return {
    tenantId: null,
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    roles: user?.roles ?? [],
    passwordMode: 'generate',
    password: '',
    changePasswordOnSignIn: user?.changePasswordOnSignIn ?? true,
    enabled: true,
  };
}

/**
 * Adds a user (or, for the super administrator, a user of a chosen tenant) or edits one. Mount it
 * with a fresh `key` per opening so the form starts from the user it is given.
 */
export function UserFormDialog({ opened, user, onClose, onCreated }: UserFormDialogProps) {
  const { t, i18n } = useLingui();
  const editing = Boolean(user);
  const role = useRole();
  const choosesTenant = !editing && role === 'superadmin';

  const roles = useUserRoles({ enabled: opened });
  const [tenantSearch, setTenantSearch] = useState('');
  const [tenantQuery] = useDebouncedValue(tenantSearch.trim(), 300);
  const tenants = useTenants({ q: tenantQuery || undefined, limit: TENANT_SEARCH_LIMIT }, { enabled: opened && choosesTenant });

  const addUser = useAddUser();
  const tenantAddUser = useTenantAddUser();
  const updateUser = useUpdateUser({ meta: OWN_ERROR_NOTICE });
  const pending = addUser.isPending || tenantAddUser.isPending || updateUser.isPending;

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initialValues(user),
    validate: {
      email: (value) => (editing || isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmail)),
      firstName: (value) => (isValidPersonName(value.trim()) ? null : i18n._(validationMessages.firstName)),
      lastName: (value) => (isValidPersonName(value.trim()) ? null : i18n._(validationMessages.lastName)),
      roles: (value) => (value.length > 0 ? null : i18n._(validationMessages.required)),
      password: (value, values) =>
        editing || values.passwordMode === 'generate' || isValidPassword(value) ? null : i18n._(validationMessages.password),
    },
  });

  // A new user starts with the member role once the assignable roles have loaded (only if the
  // caller may hand it out), unless someone already picked roles.
  const memberAssignable = roles.data?.items.some((item) => item.name === DEFAULT_MEMBER_ROLE) ?? false;
  useEffect(() => {
    if (!editing && memberAssignable && !form.isDirty('roles')) form.setFieldValue('roles', [DEFAULT_MEMBER_ROLE]);
    // Run when the roles arrive, not on every keystroke of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, memberAssignable]);

  const submit = form.onSubmit(async (values) => {
    const names = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), roles: values.roles };
    try {
      if (user) {
        await updateUser.mutateAsync({ userId: user.id, changes: { ...names, changePasswordOnSignIn: values.changePasswordOnSignIn } });
        notify.success(t`User details edited`);
        onClose();
        return;
      }
      const body: UserCreate = {
        ...names,
        email: values.email.trim(),
        passwordMode: values.passwordMode,
        ...(values.passwordMode === 'manual' ? { password: values.password } : {}),
        changePasswordOnSignIn: values.changePasswordOnSignIn,
        enabled: values.enabled,
      };
      const created = values.tenantId
        ? await tenantAddUser.mutateAsync({ tenantId: values.tenantId, user: body })
        : await addUser.mutateAsync(body);
      notify.success(t`New user added`);
      onCreated?.(created);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(SERVER_FIELDS) });
    }
  });

  // The user's current roles stay choosable even when the caller may not hand them out.
  const roleNames = new Set([...(roles.data?.items.map((item) => item.name) ?? []), ...form.values.roles]);
  const tenantOptions = (tenants.data?.items ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }));

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? t`Edit user` : t`Add user`}
      submitLabel={editing ? t`Save` : t`Add`}
      loading={pending}
      submitDisabled={pending}
      onSubmit={submit}
      size="lg"
    >
      {choosesTenant ? (
        <Select
          label={t`Tenant`}
          description={t`Leave empty to add the user to your own tenant.`}
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
      ) : null}
      <TextInput
        label={t`Email`}
        type="email"
        autoComplete="off"
        required={!editing}
        readOnly={editing}
        data-autofocus={!editing || undefined}
        {...form.getInputProps('email')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t`First Name`} required autoComplete="off" data-autofocus={editing || undefined} {...form.getInputProps('firstName')} />
        <TextInput label={t`Last Name`} required autoComplete="off" {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <MultiSelect
        label={t`Roles`}
        required
        searchable
        data={[...roleNames]}
        placeholder={roles.isPending ? t`Loading` : undefined}
        description={roles.isError ? problemText(roles.error, i18n) : undefined}
        nothingFoundMessage={t`No results..`}
        {...form.getInputProps('roles')}
      />
      {editing ? null : (
        <Stack gap="xs">
          <Radio.Group label={t`Password`} {...form.getInputProps('passwordMode')}>
            <Group gap="lg" mt={6}>
              <Radio value="generate" label={t`Generate`} />
              <Radio value="manual" label={t`Set password`} />
            </Group>
          </Radio.Group>
          {form.values.passwordMode === 'manual' ? (
            <PasswordField label={t`New password`} required autoComplete="new-password" {...form.getInputProps('password')} />
          ) : null}
        </Stack>
      )}
      <Stack gap="xs">
        <Checkbox label={t`Change password on next sign-in`} {...form.getInputProps('changePasswordOnSignIn', { type: 'checkbox' })} />
        {editing ? null : <Checkbox label={t`Enable`} {...form.getInputProps('enabled', { type: 'checkbox' })} />}
      </Stack>
    </FormDialog>
  );
}
