// A tenant with many users for the users-list benchmark, written in three set-based statements
// (users, their roles, the admin) so 100 000 rows take seconds, not minutes. For large counts the
// secondary indexes of users and user_roles are dropped first and built again afterwards (their
// definitions read from pg_indexes): one sort per index instead of a million index insertions,
// which makes a million users a matter of a minute or two rather than several.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import type { AppDatabase } from '../src/kernel/db/database.ts';
import { rowsOf } from '../src/kernel/db/types.ts';
import { roles, tenants, userRoles, users, userSearchVocabulary, userSearchWords } from '../src/kernel/db/schema.ts';

export type BenchTenant = { tenantId: string; sname: string; adminEmail: string; adminPassword: string };

const firstNames = ['Anna', 'Bruno', 'Chloé', 'Dmitri', 'Emma', 'Farid', 'Grace', 'Hiro', 'Inès', 'Jonas', 'Kemal', 'Lena', 'Mateo', 'Noor', 'Olga', 'Pavel', 'Quentin', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Victor', 'Wanda', 'Xu', 'Yara', 'Zoë'];
const lastNames = ['Martin', 'Bernard', 'Dubois', 'Schmidt', 'Müller', 'Rossi', 'García', 'Novak', 'Kowalski', 'Nielsen', 'Andersen', 'Silva', 'Yilmaz', 'Ivanova', 'Tanaka', 'Kim', 'Nguyen', 'Haddad', 'Okafor', 'Mensah', "O'Brien", 'Lefèvre', 'Karimov', 'Costa', 'Horvat', 'Jensen', 'Moreau', 'Fischer', 'Romano', 'Sato', 'Park'];

// roles.put and roles.get: the benchmarks' reference (a role made, then read by getRole, bench-lib.ts) is asked as this admin.
const userPermissions = ['user.get', 'user.put', 'user.update', 'user.delete', 'user.invite', 'user.enable', 'user.unlink', 'roles.get', 'roles.put'];

/** Above this many users the seeding rebuilds the indexes instead of maintaining them row by row. */
const REBUILD_INDEXES_FROM = 50_000;

export async function seedBenchTenant(database: AppDatabase, count: number, sname = 'bench'): Promise<BenchTenant> {
  const rebuild = count >= REBUILD_INDEXES_FROM ? await dropSecondaryIndexes(database) : [];
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
  if (rebuild.length > 0) await createIndexes(database, rebuild);
  await analyze(database);
  return { tenantId, sname, adminEmail, adminPassword };
}

/**
 * Drops the indexes of users, user_roles and the search vocabulary that back no constraint (the primary keys stay) and
 * answers their definitions. As the table owner: the request role may not drop indexes.
 */
async function dropSecondaryIndexes(database: AppDatabase): Promise<string[]> {
  return database.withPlatform(async (tx) => {
    await tx.execute(sql`reset role`);
    const found = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`
        select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in ('users', 'user_roles', 'user_search_vocabulary')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
    );
    for (const index of found) await tx.execute(sql.raw(`drop index ${quoteIdent(index.name)}`));
    return found.map((index) => index.definition);
  });
}

async function createIndexes(database: AppDatabase, definitions: readonly string[]): Promise<void> {
  await database.withPlatform(async (tx) => {
    await tx.execute(sql`reset role`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const definition of definitions) await tx.execute(sql.raw(definition));
  });
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Fresh planner statistics for the seeded tables. PGlite has no autovacuum daemon, and ANALYZE
 * needs the table owner, so this steps out of the request role for the one statement.
 */
export async function analyze(database: AppDatabase): Promise<void> {
  await database.withPlatform(async (tx) => {
    await tx.execute(sql`reset role`);
    await tx.execute(sql`analyze ${users}, ${userRoles}, ${roles}, ${userSearchWords}, ${userSearchVocabulary}`);
  });
}
