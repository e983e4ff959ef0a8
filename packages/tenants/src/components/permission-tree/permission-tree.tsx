import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrorMessages } from '@portal/i18n';
import type { PermissionTree as Tree } from '../../api/roles/get-permissions-tree';
import { permissionAreaLabel, permissionLabel } from '../../utils/permission-labels';

export type PermissionTreeProps = {
  tree: Tree;
  /** The checked permission strings. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** A translated error under the tree (e.g. from the server). */
  error?: string | undefined;
  disabled?: boolean;
  /**
   * The form edits a built-in role. A custom role is never in the super administrator's role group,
   * so it cannot hold the permissions that need it (the server refuses them): they show disabled
   * with the reason, unless already held (they may still be taken away).
   */
  builtInRole?: boolean;
};

type Tick = { checked: boolean; indeterminate: boolean };

function tickOf(all: readonly string[], selected: ReadonlySet<string>): Tick {
  const count = all.filter((p) => selected.has(p)).length;
  return { checked: all.length > 0 && count === all.length, indeterminate: count > 0 && count < all.length };
}

/**
 * The role form's permission tree (spec: "a permission list, with select all"): one checkbox per
 * grantable permission, a select-all per area and one for everything. The tree only holds what
 * the caller may grant, so nothing here can ask for more than the caller holds. Areas and
 * permissions show translated names; each checkbox keeps its permission string as its `value`
 * (what end-to-end tests select by), and a string without a name shows as sent. A permission
 * needing the admin or account administrator role group is marked so (holding it puts a custom
 * role in that group: the server's one rule for menus and operations alike).
 */
export function PermissionTree({ tree, value, onChange, error, disabled, builtInRole = false }: PermissionTreeProps) {
  const { t, i18n } = useLingui();
  const selected = new Set(value);
  const barred = (p: Tree['areas'][number]['permissions'][number]) => !builtInRole && p.roleGroup === 'superadmin' && !selected.has(p.permission);
  const every = tree.areas.flatMap((area) => area.permissions.filter((p) => !barred(p)).map((p) => p.permission));
  const all = tickOf(every, selected);
  const groupName = { admin: t`Admin role group`, accountadmin: t`Account admin role group` } as const;
  const barredReason = i18n._(fieldErrorMessages.permission_needs_role_group);
  const showsGroups = tree.areas.some((area) => area.permissions.some((p) => p.roleGroup === 'admin' || p.roleGroup === 'accountadmin'));

  // Keeps permissions outside the tree (none for an editable role) and the tree's order.
  const setMany = (permissions: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const p of permissions) {
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange([...value.filter((p) => !every.includes(p) && next.has(p)), ...every.filter((p) => next.has(p))]);
  };

  return (
    <Fieldset legend={t`Permissions`} disabled={disabled} aria-describedby={error ? 'role-permissions-error' : undefined}>
      <Stack gap="md">
        <Checkbox
          label={t`Select all`}
          checked={all.checked}
          indeterminate={all.indeterminate}
          onChange={(event) => setMany(every, event.currentTarget.checked)}
          fw={600}
        />
        {showsGroups ? (
          <Text c="dimmed" size="sm">
            <Trans>A permission of the admin or account admin role group puts the role in that group: its holders see the screens the role's permissions open there.</Trans>
          </Text>
        ) : null}
        {every.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>You hold no permission you could grant.</Trans>
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {tree.areas.map((area) => {
            const permissions = area.permissions.filter((p) => !barred(p)).map((p) => p.permission);
            const tick = tickOf(permissions, selected);
            const areaName = permissionAreaLabel(i18n, area.area);
            return (
              <Stack key={area.area} gap={6} role="group" aria-label={areaName}>
                <Checkbox
                  label={areaName}
                  aria-label={t`Select all ${areaName}`}
                  checked={tick.checked}
                  indeterminate={tick.indeterminate}
                  disabled={permissions.length === 0}
                  onChange={(event) => setMany(permissions, event.currentTarget.checked)}
                  fw={600}
                />
                <Stack gap={4} ps="lg">
                  {area.permissions.map((p) => {
                    // The group goes in the description, read after the name: the name stays the words shown as the label.
                    const group = p.roleGroup === 'admin' || p.roleGroup === 'accountadmin' ? groupName[p.roleGroup] : undefined;
                    return (
                      <Checkbox
                        key={p.permission}
                        label={permissionLabel(i18n, p.permission)}
                        description={barred(p) ? barredReason : group}
                        disabled={barred(p)}
                        value={p.permission}
                        checked={selected.has(p.permission)}
                        onChange={(event) => setMany([p.permission], event.currentTarget.checked)}
                        size="sm"
                      />
                    );
                  })}
                </Stack>
              </Stack>
            );
          })}
        </SimpleGrid>
        {error ? (
          <Text id="role-permissions-error" c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
