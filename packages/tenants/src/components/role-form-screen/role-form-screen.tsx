import { Alert, Button, Checkbox, Group, MultiSelect, Paper, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@portal/api-client';
import { useRole as useCallerRole } from '@portal/auth';
import { problemText, serverFieldErrors } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { ErrorState, notify, PageLoader } from '@portal/ui-kit';
import { usePermissionsTree } from '../../api/roles/get-permissions-tree';
import { useRole } from '../../api/roles/get-role';
import type { Role } from '../../api/roles/get-roles';
import { useTenants } from '../../api/tenants/get-tenants';
import { usePutRole } from '../../api/roles/put-role';
import { useUpdateRole, type RoleUpdate } from '../../api/roles/update-role';
import { PermissionTree } from '../permission-tree';
import { ROLES_PATH } from '../../routes/tenant-paths';

const NAME_MAX = 50;
const DESCRIPTION_MAX = 200;
const SERVER_FIELDS = ['name', 'description', 'permissions', 'tenants', 'dialIn', 'dialOut'] as const;

export type RoleFormValues = {
  name: string;
  description: string;
  permissions: string[];
  enabled: boolean;
  dialIn: boolean;
  dialOut: boolean;
  tenants: string[];
};

function initialValues(role: Role | undefined): RoleFormValues {
  return {
    name: role?.name ?? '',
    description: role?.description ?? '',
    permissions: role?.permissions ?? [],
    enabled: (role?.status ?? 'enabled') === 'enabled',
    dialIn: role?.dialIn ?? false,
    dialOut: role?.dialOut ?? false,
    tenants: [],
  };
}

export type RoleFormScreenProps = {
  /** The role to edit (route `Roles/:roleuuid`); without it the screen creates one (`Roles/create-role`). */
  roleId?: string | undefined;
};

/**
 * Create or edit a role (spec 'Role': name, description, tenants, permissions with select all,
 * status, dial in, dial out). The permission tree offers only what the caller may grant; a super
 * administrator may also create the role in other tenants.
 */
export function RoleFormScreen({ roleId }: RoleFormScreenProps) {
  const role = useRole(roleId);
  const tree = usePermissionsTree();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();

  const title = roleId ? t`Edit role` : t`Create role`;
  if ((roleId && role.isPending) || tree.isPending) return <PageLoader h={240} />;
  const failed = roleId && role.isError ? role.error : tree.isError ? tree.error : null;
  if (failed) {
    const notFound = isApiError(failed) && failed.status === 404;
    return (
      <Stack gap="md">
        <Title order={2}>{title}</Title>
        {notFound ? (
          <ErrorState message={t`This role does not exist.`} actionLabel={t`Back to roles`} onAction={() => void navigate(ROLES_PATH)} />
        ) : (
          <ErrorState message={problemText(failed, i18n)} actionLabel={t`Retry`} onAction={() => void (role.isError ? role.refetch() : tree.refetch())} />
        )}
      </Stack>
    );
  }
  if (!tree.data) return <PageLoader h={240} />;
  return <RoleForm key={role.data?.id ?? 'new'} title={title} role={role.data} tree={tree.data} />;
}

function RoleForm({ title, role, tree }: { title: string; role: Role | undefined; tree: NonNullable<ReturnType<typeof usePermissionsTree>['data']> }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const isSuperadmin = useCallerRole() === 'superadmin';
  const choosesTenants = isSuperadmin && !role;
  const [tenantQuery, setTenantQuery] = useState('');
  const tenants = useTenants({ q: tenantQuery || undefined, limit: 25 }, { enabled: choosesTenants });
  const putRole = usePutRole();
  const updateRole = useUpdateRole();
  const locked = role !== undefined && !role.editable;

  const form = useForm<RoleFormValues>({
    mode: 'controlled',
    initialValues: initialValues(role),
    validate: {
      name: (value) => (!value.trim() ? i18n._(validationMessages.required) : value.trim().length > NAME_MAX ? i18n._(validationMessages.tooLong) : null),
      description: (value) => (value.length > DESCRIPTION_MAX ? i18n._(validationMessages.tooLong) : null),
    },
  });

  const onError = (error: unknown) => {
    // Each refused field says why: a permission or a dial flag the caller does not hold, or a dial
    // flag the tenant has off (`tenant_dial_in_off` / `tenant_dial_out_off`).
    const fields = serverFieldErrors(error, SERVER_FIELDS, i18n);
    if (isApiError(error) && error.code === 'permission_not_held' && Object.keys(fields).length === 0) fields.permissions = problemText(error, i18n);
    if (Object.keys(fields).length > 0) form.setErrors(fields);
  };

  const submit = (values: RoleFormValues) => {
    const common = {
      name: values.name.trim(),
      description: values.description.trim(),
      permissions: values.permissions,
      status: values.enabled ? ('enabled' as const) : ('disabled' as const),
      dialIn: values.dialIn,
      dialOut: values.dialOut,
    };
    const done = (message: string) => {
      notify.success(message);
      void navigate(ROLES_PATH);
    };
    if (role) {
      // A built-in role keeps its name: send it only when it may change.
      const changes: RoleUpdate = role.builtIn ? { ...common, name: undefined } : common;
      updateRole.mutate({ roleId: role.id, changes }, { onSuccess: () => done(t`Role edited successfully`), onError });
    } else {
      putRole.mutate({ ...common, ...(values.tenants.length > 0 ? { tenants: values.tenants } : {}) }, { onSuccess: () => done(t`Role created successfully`), onError });
    }
  };

  const tenantOptions = (tenants.data?.items ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }));
  const saving = putRole.isPending || updateRole.isPending;

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {locked ? (
        <Alert color="yellow">
          <Trans>This role does more than you may do: you cannot change it.</Trans>
        </Alert>
      ) : null}
      <Paper withBorder p="md" component="form" onSubmit={form.onSubmit(submit)} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput label={t`Role name`} required maxLength={NAME_MAX} disabled={locked || role?.builtIn} {...form.getInputProps('name')} />
          <Textarea label={t`Description`} rows={2} maxLength={DESCRIPTION_MAX} disabled={locked} {...form.getInputProps('description')} />
          {choosesTenants ? (
            <MultiSelect
              label={t`Tenants`}
              description={t`Leave empty to create the role in your own tenant.`}
              data={tenantOptions}
              searchable
              searchValue={tenantQuery}
              onSearchChange={setTenantQuery}
              nothingFoundMessage={t`No results..`}
              {...form.getInputProps('tenants')}
            />
          ) : null}
          <Group gap="xl">
            <Switch label={t`Enabled`} disabled={locked} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <Checkbox label={t`Dial in`} disabled={locked} {...form.getInputProps('dialIn', { type: 'checkbox' })} />
            <Checkbox label={t`Dial out`} disabled={locked} {...form.getInputProps('dialOut', { type: 'checkbox' })} />
          </Group>
          <PermissionTree
            tree={tree}
            value={form.values.permissions}
            onChange={(next) => form.setFieldValue('permissions', next)}
            error={typeof form.errors.permissions === 'string' ? form.errors.permissions : undefined}
            disabled={locked}
            builtInRole={role?.builtIn ?? false}
          />
          <Group justify="flex-end">
            <Button component={Link} to={ROLES_PATH} variant="default">
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={saving} disabled={locked}>
              {role ? <Trans>Save</Trans> : <Trans>Create</Trans>}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
