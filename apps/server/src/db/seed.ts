// First-start data. `seedTenant` is the one way a tenant comes into being (its built-in roles
// included), used by the first start, the tests and later the tenant screens. `seedDatabase`
// creates the platform (`system` with the super administrator) and, unless PORTAL_DEMO=false,
// the demo tenant `acme` with realistic users, a developer client and a billing history.
import { eq, sql } from 'drizzle-orm';
import { builtInRoles, roleNames, type RoleName } from '../auth/permissions.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import { seedDemoCatalogue } from '../billing/catalogue/demo-catalogue.ts';
import { seedDemoBilling } from '../billing/demo-billing.ts';
import { generateHistory, type HistoryReport } from '../live/demo-history.ts';
import { seedDemoRecordings } from '../recordings/demo.ts';
import { seedDemoMeetings } from '../meetings/demo-meetings.ts';
import type { ServerConfig } from '../config.ts';
import type { AppDatabase } from './database.ts';
import { devClients, roles, tenantApps, tenants, userRoles, users, type TenantBranding } from './schema.ts';
import type { Database } from './types.ts';
import { present } from './present.ts';

export type SeedUser = {
  email: string;
  firstName: string;
  lastName: string;
  /** Role names of this tenant (built-in or created earlier in `roles`). */
  roles: readonly string[];
  passwordHash: string | null;
  status?: 'enabled' | 'disabled';
  changePasswordOnSignIn?: boolean;
};

export type SeedDevClient = { name: string; clientId: string; secretHash: string; role: string };

export type SeedTenantInput = {
  sname: string;
  name: string;
  brandname?: string;
  branding?: TenantBranding;
  signupNormal?: boolean;
  signupSocial?: boolean;
  users?: readonly SeedUser[];
  devClients?: readonly SeedDevClient[];
};

export type SeededTenant = {
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
export async function seedTenant(tx: Database, input: SeedTenantInput): Promise<SeededTenant> {
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

/** The acme demo staff: a tenant administrator, an administrator, an account administrator, a guest and members. */
const demoPeople: readonly (readonly [string, string, string, RoleName, ('disabled' | 'must-change')?])[] = [
  ['admin@acme.test', 'Alice', 'Martin', 'tenantadmin'],
  ['daniel.okafor@acme.test', 'Daniel', 'Okafor', 'admin'],
  ['priya.raman@acme.test', 'Priya', 'Raman', 'accountadmin'],
  ['guest@acme.test', 'Gabriel', 'Guest', 'guest'],
  ['zoe.dupont@acme.test', 'Zoë', 'Dupont', 'member'],
  ['jose.alvarez@acme.test', 'José', 'Álvarez', 'member'],
  ['chloe.lefevre@acme.test', 'Chloé', 'Lefèvre', 'member'],
  ['lukasz.nowak@acme.test', 'Łukasz', 'Nowak', 'member'],
  ['aisha.rahman@acme.test', 'Aisha', 'Rahman', 'member'],
  ['kenji.watanabe@acme.test', 'Kenji', 'Watanabe', 'member'],
  ['fatima.alsayed@acme.test', 'Fatima', 'Al-Sayed', 'member'],
  ['mehmet.yilmaz@acme.test', 'Mehmet', 'Yılmaz', 'member'],
  ['sofia.rossi@acme.test', 'Sofia', 'Rossi', 'member'],
  ['liam.obrien@acme.test', 'Liam', "O'Brien", 'member'],
  ['emma.schmidt@acme.test', 'Emma', 'Schmidt', 'member'],
  ['noah.johnson@acme.test', 'Noah', 'Johnson', 'member'],
  ['olivia.brown@acme.test', 'Olivia', 'Brown', 'member'],
  ['lucas.silva@acme.test', 'Lucas', 'Silva', 'member'],
  ['mia.andersen@acme.test', 'Mia', 'Andersen', 'member'],
  ['ethan.nguyen@acme.test', 'Ethan', 'Nguyen', 'member'],
  ['amara.diallo@acme.test', 'Amara', 'Diallo', 'member'],
  ['hugo.bernard@acme.test', 'Hugo', 'Bernard', 'member'],
  ['ines.moreau@acme.test', 'Inès', 'Moreau', 'member'],
  ['yusuf.karimov@acme.test', 'Yusuf', 'Karimov', 'member', 'must-change'],
  ['nora.lindqvist@acme.test', 'Nora', 'Lindqvist', 'member', 'disabled'],
  ['omar.haddad@acme.test', 'Omar', 'Haddad', 'member'],
];

export const demoClient = { clientId: 'acme-reporting', name: 'Acme Reporting' } as const;

export type SeedReport = {
  adminEmail: string;
  /** Set only when generated (PORTAL_ADMIN_PASSWORD unset): printed once, never stored in clear. */
  generatedAdminPassword: string | null;
  demo: {
    tenant: string;
    adminEmail: string;
    password: string;
    passwordGenerated: boolean;
    clientId: string;
    clientSecret: string;
    /** The completed meetings of the past 90 days written for the demo tenant. */
    history: HistoryReport;
  } | null;
};

/** Days of completed meetings the demo tenant starts with, and meetings on a working day. */
export const demoHistory = { days: 90, perDay: 4, seed: 20_261_125 } as const;

/** Seeds an empty database; returns null (and changes nothing) when a tenant already exists. */
export async function seedDatabase(
  database: AppDatabase,
  config: Pick<ServerConfig, 'adminEmail' | 'adminPassword' | 'demo' | 'demoPassword'> & { dataDir?: string },
): Promise<SeedReport | null> {
  const existing = await database.withPlatform((tx) => tx.execute(sql`select 1 from tenants limit 1`));
  const rows = Array.isArray(existing) ? existing : (existing as { rows: unknown[] }).rows;
  if (rows.length > 0) return null;

  const adminPassword = config.adminPassword ?? generatePassword();
  const adminHash = await hashPassword(adminPassword);
  const demoPassword = config.demoPassword ?? generatePassword();
  const clientSecret = generatePassword(32);
  // Hashed before the transaction: PGlite has one connection, and it should not wait on Argon2.
  const demoUsers: SeedUser[] = config.demo
    ? await Promise.all(
        demoPeople.map(async ([email, firstName, lastName, role, flag]) => ({
          email,
          firstName,
          lastName,
          roles: [role],
          passwordHash: await hashPassword(demoPassword),
          status: flag === 'disabled' ? ('disabled' as const) : ('enabled' as const),
          changePasswordOnSignIn: flag === 'must-change',
        })),
      )
    : [];
  const clientSecretHash = config.demo ? await hashPassword(clientSecret) : '';

  let demoTenantId: string | null = null;
  await database.withPlatform(async (tx) => {
    await seedTenant(tx, {
      sname: 'system',
      name: 'Platform',
      brandname: 'Video Portal',
      users: [{ email: config.adminEmail, firstName: 'Platform', lastName: 'Administrator', roles: ['superadmin'], passwordHash: adminHash }],
    });
    if (!config.demo) return;
    const acme = await seedTenant(tx, {
      sname: 'acme',
      name: 'Acme Corporation',
      brandname: 'Acme Meetings',
      branding: {
        brandUrl: 'https://acme.example',
        text: {
          portal_login_heading: 'Welcome to Acme Meetings',
          portal_login_body: 'Sign in to schedule, join and manage your meetings.',
          portal_register_heading: 'Join Acme Meetings',
          portal_regiser_body: 'Create your account with your work email.',
        },
        dialIn: '+1 555 0100',
        themeLite: { primary: '#1d4ed8', primaryContrast: '#ffffff', text: '#1f2937', background: '#f8fafc' },
      },
      users: demoUsers,
      devClients: [{ name: demoClient.name, clientId: demoClient.clientId, secretHash: clientSecretHash, role: 'admin' }],
    });
    // Slack installed, so the Partner apps tab shows one app in use (its `slack` feature follows it).
    await tx.insert(tenantApps).values({ tenantId: acme.tenantId, app: 'slack', settings: { teamId: 'T0ACME0001', command: '/acme-meet' } });
    await tx.update(tenants).set({ features: { slack: true } }).where(eq(tenants.id, acme.tenantId));
    await seedDemoCatalogue(tx);
    await seedDemoBilling(tx, acme.tenantId);
    await seedDemoMeetings(tx, acme.tenantId, acme.userIds);
    demoTenantId = acme.tenantId;
  });
  // After the seed's transaction: the history is applied like media events, a transaction per batch.
  const history = demoTenantId ? await generateHistory(database, { tenantId: demoTenantId, ...demoHistory }) : null;
  // A few of its recorded meetings get real recordings, converted by the job queue once the server runs.
  if (demoTenantId && config.dataDir) await seedDemoRecordings(database, demoTenantId, config.dataDir);

  return {
    adminEmail: config.adminEmail,
    generatedAdminPassword: config.adminPassword ? null : adminPassword,
    demo: history
      ? {
          tenant: 'acme',
          adminEmail: 'admin@acme.test',
          password: demoPassword,
          passwordGenerated: !config.demoPassword,
          clientId: demoClient.clientId,
          clientSecret,
          history,
        }
      : null,
  };
}
