import { Anchor, Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useServerTable } from '@portal/ui-kit';
import { useTenantUsers } from '../../api/users/get-tenant-users';
import { toUserSort } from '../../api/users/get-users';
import { UsersTable } from '../users-table';

export type TenantUsersSectionProps = {
  tenantId: string;
  /** The tenant shown is the caller's own: its users are changed on the Users screen. */
  own: boolean;
};

/** The Users screen's route (spec route `user`). */
const USERS_PATH = '/user';

/**
 * The "User" section of the tenant detail: the tenant's users as on the Users screen, searched,
 * sorted and cursor-paged on the server (getTenantUsers: the caller's own tenant, or any tenant
 * for the platform super administrator), read only. The caller's own tenant links to the Users
 * screen, where they are changed.
 */
export function TenantUsersSection({ tenantId, own }: TenantUsersSectionProps) {
  const table = useServerTable({ defaultSort: { id: 'email', desc: false } });
  const users = useTenantUsers(tenantId, { ...table.params, sort: toUserSort(table.params.sort) });
  return (
    <Stack gap="sm">
      <UsersTable table={table} users={users} />
      {own ? (
        <Anchor component={Link} to={USERS_PATH}>
          <Trans>Manage the users of this tenant</Trans>
        </Anchor>
      ) : null}
    </Stack>
  );
}
