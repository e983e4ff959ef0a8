import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK, maskSecrets, recordAudit } from '../src/kernel/audit/record.ts';
import { auditLog } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

describe('maskSecrets', () => {
  it('masks secret-looking fields at any depth and keeps the rest', () => {
    expect(
      maskSecrets({ name: 'smtp', password: 'p4ss', nested: { clientSecret: 's', token: '', list: [{ credential: 'c', url: 'turn:x' }] }, port: 587 }),
    ).toEqual({ name: 'smtp', password: MASK, nested: { clientSecret: MASK, token: null, list: [{ credential: MASK, url: 'turn:x' }] }, port: 587 });
  });
});

describe('recordAudit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('stores the entry in the actor’s tenant with the actor’s email, masked, and only that tenant sees it', async () => {
    const acme = server.ids.tenants.acme;
    const actorId = server.ids.users[userEmail('acme', 'admin')]!;
    await server.database.withTenant(acme, (tx) =>
      recordAudit(tx, { tenantId: acme, userId: actorId, label: null, ip: '203.0.113.9', requestId: 'req-1' }, {
        action: 'update',
        entity: 'tenant.smtp',
        entityId: acme,
        before: { host: 'a', password: 'old' },
        after: { host: 'b', password: 'new' },
      }),
    );
    const [row] = await server.database.withTenant(acme, (tx) => tx.select().from(auditLog).where(eq(auditLog.requestId, 'req-1')));
    expect(row).toMatchObject({ actorLabel: userEmail('acme', 'admin'), action: 'update', ip: '203.0.113.9', before: { host: 'a', password: MASK }, after: { host: 'b', password: MASK } });
    const seenByGlobex = await server.database.withTenant(server.ids.tenants.globex, (tx) => tx.select().from(auditLog).where(eq(auditLog.requestId, 'req-1')));
    expect(seenByGlobex).toEqual([]);
  });
});
