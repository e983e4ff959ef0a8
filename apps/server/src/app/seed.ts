// First-start data. `seedDatabase` creates the platform (`system` with the super administrator) and, unless PORTAL_DEMO=false,
// the demo tenant `acme` with realistic users, a developer client and a billing history.
import { eq, sql } from 'drizzle-orm';
import type { RoleName } from '../kernel/access/permissions.ts';
import { insertTenant, type NewTenantUser } from '../tenants/index.ts';
import { generatePassword, hashPassword } from '../kernel/crypto/passwords.ts';
import { seedDemoCatalogue, seedDemoBilling } from '../billing/index.ts';
import { generateHistory, type HistoryReport } from '../live/index.ts';
import { seedDemoRecordings } from '../recordings/index.ts';
import { seedDemoMeetings } from '../meetings/index.ts';
import type { ServerConfig } from '../kernel/config.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { tenantApps, tenants } from '../kernel/db/schema.ts';

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
    /** The completed meetings of the past `days` days written for the demo tenant. */
    history: HistoryReport & { days: number };
  } | null;
};

/** Days of completed meetings the demo tenant starts with (PORTAL_DEMO_DAYS changes them), and meetings on a working day. */
export const demoHistory = { days: 90, perDay: 4, seed: 20_261_125 } as const;

/** Seeds an empty database; returns null (and changes nothing) when a tenant already exists. */
export async function seedDatabase(
  database: AppDatabase,
  config: Pick<ServerConfig, 'adminEmail' | 'adminPassword' | 'demo' | 'demoPassword'> & Partial<Pick<ServerConfig, 'demoDays' | 'dataDir'>>,
): Promise<SeedReport | null> {
  const existing = await database.withPlatform((tx) => tx.execute(sql`select 1 from tenants limit 1`));
  const rows = Array.isArray(existing) ? existing : (existing as { rows: unknown[] }).rows;
  if (rows.length > 0) return null;

  const adminPassword = config.adminPassword ?? generatePassword();
  const adminHash = await hashPassword(adminPassword);
  const demoPassword = config.demoPassword ?? generatePassword();
  const clientSecret = generatePassword(32);
  // Hashed before the transaction: PGlite has one connection, and it should not wait on Argon2.
  const demoUsers: NewTenantUser[] = config.demo
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
    await insertTenant(tx, {
      sname: 'system',
      name: 'Platform',
      brandname: 'Video Portal',
      users: [{ email: config.adminEmail, firstName: 'Platform', lastName: 'Administrator', roles: ['superadmin'], passwordHash: adminHash }],
    });
    if (!config.demo) return;
    const acme = await insertTenant(tx, {
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
  const days = config.demoDays ?? demoHistory.days;
  const history = demoTenantId ? { ...(await generateHistory(database, { tenantId: demoTenantId, ...demoHistory, days })), days } : null;
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
