// How a tenant comes into being: its row, its built-in roles (superadmin only in `system`), and
// the users and developer clients it starts with. The tenant screens, the first start's seed, the
// tests and the benchmarks all create tenants through `insertTenant`.
import { builtInRoles, roleNames, type RoleName } from '../kernel/access/permissions.ts';
import { devClients, roles, tenants, userRoles, users, type TenantBranding } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { present } from '../kernel/db/present.ts';

export type NewTenantUser = {
  email: string;
  firstName: string;
  lastName: string;
  /** Role names of this tenant (built-in or created earlier in `roles`). */
  roles: readonly string[];
  passwordHash: string | null;
  status?: 'enabled' | 'disabled';
  changePasswordOnSignIn?: boolean;
};

export type NewDevClient = { name: string; clientId: string; secretHash: string; role: string };

export type NewTenantInput = {
  sname: string;
  name: string;
  brandname?: string;
  branding?: TenantBranding;
  signupNormal?: boolean;
  signupSocial?: boolean;
  users?: readonly NewTenantUser[];
  devClients?: readonly NewDevClient[];
};

export type InsertedTenant = {
  tenantId: string;
  /** Role id by role name. */
  roleIds: Record<string, string>;
  /** User id by (lower-cased) email. */
  userIds: Record<string, string>;
  /** Developer client row id by client id. */
  devClientIds: Record<string, string>;
};

/**
 * Creates a tenant with the built-in roles (superadmin only in `system`), its users and developer
 * clients. Run it inside `withPlatform` (or as the owner): the tenant does not exist yet, so no
 * tenant-scoped transaction could insert it.
 */
export async function insertTenant(tx: Database, input: NewTenantInput): Promise<InsertedTenant> {
  const [tenant] = await tx
    .insert(tenants)
    .values({
      sname: input.sname,
      name: input.name,
      brandname: input.brandname ?? input.name,
      branding: input.branding ?? {},
      // The platform realm is the super administrator's: nobody signs themselves up into it.
      signupNormal: input.signupNormal ?? input.sname !== 'system',
      signupSocial: input.signupSocial ?? false,
    })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error(`Tenant ${input.sname} was not created`);
  const tenantId = tenant.id;

  const names = roleNames.filter((role) => role !== 'superadmin' || input.sname === 'system');
  const createdRoles = await tx
    .insert(roles)
    .values(
      names.map((name: RoleName) => ({
        tenantId,
        name,
        description: builtInRoles[name].description,
        permissions: [...builtInRoles[name].permissions],
        dialIn: builtInRoles[name].dialIn ?? false,
        dialOut: builtInRoles[name].dialOut ?? false,
        builtIn: true,
      })),
    )
    .returning({ id: roles.id, name: roles.name });
  const roleIds = Object.fromEntries(createdRoles.map((role) => [role.name, role.id]));

  const userIds: Record<string, string> = {};
  if (input.users?.length) {
    const created = await tx
      .insert(users)
      .values(
        input.users.map((user) => ({
          tenantId,
          email: user.email.toLowerCase(),
          firstName: user.firstName,
          lastName: user.lastName,
          passwordHash: user.passwordHash,
          status: user.status ?? 'enabled',
          changePasswordOnSignIn: user.changePasswordOnSignIn ?? false,
        })),
      )
      .returning({ id: users.id, email: users.email });
    for (const user of created) userIds[user.email] = user.id;
    const assignments = input.users.flatMap((user) =>
      user.roles.map((role) => {
        const roleId = roleIds[role];
        if (!roleId) throw new Error(`Unknown role ${role} for ${user.email} in ${input.sname}`);
        return { tenantId, userId: present(userIds[user.email.toLowerCase()], 'userIds[user.email.toLowerCase()]'), roleId };
      }),
    );
    if (assignments.length > 0) await tx.insert(userRoles).values(assignments);
  }

  const devClientIds: Record<string, string> = {};
  for (const client of input.devClients ?? []) {
    const roleId = roleIds[client.role];
    if (!roleId) throw new Error(`Unknown role ${client.role} for client ${client.clientId}`);
    const [row] = await tx
      .insert(devClients)
      .values({ tenantId, name: client.name, clientId: client.clientId, secretHash: client.secretHash, roleId })
      .returning({ id: devClients.id });
    devClientIds[client.clientId] = present(row, 'row').id;
  }
  return { tenantId, roleIds, userIds, devClientIds };
}
