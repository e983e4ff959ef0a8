// A tenant with many users for the users-list benchmark, written in three set-based statements
// (users, their roles, the admin) so 100 000 rows take seconds, not minutes.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords.ts';
import type { AppDatabase } from '../src/db/database.ts';
import { roles, tenants, userRoles, users } from '../src/db/schema.ts';

export type BenchTenant = { tenantId: string; sname: string; adminEmail: string; adminPassword: string };

const firstNames = ['Anna', 'Bruno', 'Chloé', 'Dmitri', 'Emma', 'Farid', 'Grace', 'Hiro', 'Inès', 'Jonas', 'Kemal', 'Lena', 'Mateo', 'Noor', 'Olga', 'Pavel', 'Quentin', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Victor', 'Wanda', 'Xu', 'Yara', 'Zoë'];
const lastNames = ['Martin', 'Bernard', 'Dubois', 'Schmidt', 'Müller', 'Rossi', 'García', 'Novak', 'Kowalski', 'Nielsen', 'Andersen', 'Silva', 'Yilmaz', 'Ivanova', 'Tanaka', 'Kim', 'Nguyen', 'Haddad', 'Okafor', 'Mensah', "O'Brien", 'Lefèvre', 'Karimov', 'Costa', 'Horvat', 'Jensen', 'Moreau', 'Fischer', 'Romano', 'Sato', 'Park'];

const userPermissions = ['user.get', 'user.put', 'user.update', 'user.delete', 'user.invite', 'user.enable', 'user.unlink'];

export async function seedBenchTenant(database: AppDatabase, count: number, sname = 'bench'): Promise<BenchTenant> {
  const adminEmail = `admin@${sname}.example.com`;
  const adminPassword = 'Bench-Admin-1';
  const passwordHash = await hashPassword(adminPassword);
  const firsts = sql.raw(`(array[${firstNames.map((n) => `'${n.replaceAll("'", "''")}'`).join(',')}])`);
  const lasts = sql.raw(`(array[${lastNames.map((n) => `'${n.replaceAll("'", "''")}'`).join(',')}])`);

  const tenantId = await database.withPlatform(async (tx) => {
    const [tenant] = await tx.insert(tenants).values({ sname, name: 'Bench Corp', brandname: 'Bench' }).returning({ id: tenants.id });
    const id = tenant!.id;
    const [admin, member] = await tx
      .insert(roles)
      .values([
        { tenantId: id, name: 'admin', description: 'Administrator', permissions: userPermissions, builtIn: true },
        { tenantId: id, name: 'member', description: 'Member', permissions: ['meeting.schedule.get'], builtIn: true },
      ])
      .returning({ id: roles.id });
    // Names cycle through co-prime array lengths, so first and last names combine in many ways;
    // creation times repeat every 5000 users, so the createdAt sort has real ties to break by id.
    await tx.execute(sql`
      insert into ${users} (tenant_id, email, first_name, last_name, status, created_at)
      select ${id}::uuid,
             lower(${firsts}[1 + g % ${firstNames.length}] || '.' || replace(${lasts}[1 + (g * 7) % ${lastNames.length}], '''', '') || '.' || g || '@example.com'),
             ${firsts}[1 + g % ${firstNames.length}],
             ${lasts}[1 + (g * 7) % ${lastNames.length}],
             case when g % 10 = 0 then 'disabled' else 'enabled' end,
             timestamptz '2025-01-01' + (g % 5000) * interval '1 minute'
      from generate_series(1, ${count}) as g`);
    await tx.execute(sql`
      insert into ${userRoles} (tenant_id, user_id, role_id)
      select ${id}::uuid, u.id, case when row_number() over (order by u.id) % 50 = 0 then ${admin!.id}::uuid else ${member!.id}::uuid end
      from ${users} u where u.tenant_id = ${id}::uuid`);
    const [adminUser] = await tx
      .insert(users)
      .values({ tenantId: id, email: adminEmail, firstName: 'Bench', lastName: 'Admin', passwordHash })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId: id, userId: adminUser!.id, roleId: admin!.id });
    return id;
  });
  await analyze(database);
  return { tenantId, sname, adminEmail, adminPassword };
}

/**
 * Fresh planner statistics for the seeded tables. PGlite has no autovacuum daemon, and ANALYZE
 * needs the table owner, so this steps out of the request role for the one statement.
 */
export async function analyze(database: AppDatabase): Promise<void> {
  await database.withPlatform(async (tx) => {
    await tx.execute(sql`reset role`);
    await tx.execute(sql`analyze ${users}, ${userRoles}, ${roles}`);
  });
}
