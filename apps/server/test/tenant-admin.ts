// What the tenant detail's tests start from: a test server, acme's and globex's ids, and sessions
// of the platform super administrator (system realm), acme's tenant administrator and an acme
// member (who may not administer the tenant).
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

export type TenantAdminSetup = {
  server: TestServer;
  acmeId: string;
  globexId: string;
  superadmin: TestSession;
  acmeAdmin: TestSession;
  acmeMember: TestSession;
};

export async function startTenantAdminServer(): Promise<TenantAdminSetup> {
  const server = await startTestServer();
  return {
    server,
    acmeId: server.ids.tenants.acme,
    globexId: server.ids.tenants.globex,
    superadmin: await server.login('system', userEmail('system', 'superadmin')),
    acmeAdmin: await server.login('acme', userEmail('acme', 'tenantadmin')),
    acmeMember: await server.login('acme', userEmail('acme', 'member')),
  };
}

/** The audit entries of one thing in a tenant's log (read under its row-level security), oldest first. */
export async function auditEntriesOf(server: TestServer, tenantId: string, entity: string, entityId: string) {
  return server.database.withTenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(auditLog.createdAt),
  );
}
