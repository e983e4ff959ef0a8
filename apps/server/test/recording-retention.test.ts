// Retention of cloud recordings with a moved clock: the hourly job deletes those that ended more
// than the recording settings' autoDeleteDays ago, with their files and one audit entry each,
// keeps those on legal hold, recent ones, local uploads and ones still processing; the dry run's
// figures, per tenant, are exactly what the job then deletes. Legal hold is an audited operation
// of a tenant's administrators (the super administrator's for any tenant).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recordings } from '../src/kernel/db/schema.ts';
import { upsertSettings } from '../src/settings/queries.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-25T12:00:00Z');
let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let globexAdmin: TestSession;

const daysAgo = (days: number) => new Date(clock.getTime() - days * DAY_MS);

type Seed = { tenant: 'acme' | 'globex'; topic: string; endedDaysAgo: number; bytes: number; kind?: 'cloud' | 'local'; status?: 'ready' | 'processing' | 'failed'; legalHold?: boolean; noEnd?: boolean };

async function seed(recording: Seed): Promise<{ id: string; keys: string[] }> {
  const tenantId = server.ids.tenants[recording.tenant];
  const id = crypto.randomUUID();
  const videoKey = `recordings/${tenantId}/${id}/video.webm`;
  const audioKey = `recordings/${tenantId}/${id}/audio.opus`;
  await server.app.files.put(videoKey, Buffer.alloc(recording.bytes - 10, 1), 'video/webm');
  await server.app.files.put(audioKey, Buffer.alloc(10, 2), 'audio/ogg');
  await server.database.withTenant(tenantId, (tx) =>
    tx.insert(recordings).values({
      id,
      tenantId,
      kind: recording.kind ?? 'cloud',
      status: recording.status ?? 'ready',
      code: '55500011122',
      topic: recording.topic,
      startedAt: daysAgo(recording.endedDaysAgo + 0.1),
      endedAt: recording.noEnd ? null : daysAgo(recording.endedDaysAgo),
      videoKey,
      videoBytes: recording.bytes - 10,
      audioKey,
      audioBytes: 10,
      legalHold: recording.legalHold ?? false,
    }),
  );
  return { id, keys: [videoKey, audioKey] };
}

const setAutoDeleteDays = (days: number | null) =>
  server.database.withPlatform((tx) => upsertSettings(tx, 'recording', { modes: [], autoDeleteDays: days, allowedAddress: null }, null));

const preview = (autoDeleteDays: unknown, session = superadmin) => server.request('system', 'POST', '/recordings/retention-preview', { session, body: { autoDeleteDays } });
const hold = (id: string, legalHold: unknown, session = acmeAdmin, tenant = 'acme') => server.request(tenant, 'PUT', `/recordings/${id}/legal-hold`, { session, body: { legalHold } });

beforeAll(async () => {
  server = await startTestServer({ clock: () => clock });
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeAdmin = await server.login('acme', userEmail('acme', 'admin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
});

afterAll(async () => {
  await server?.close();
});

describe('legal hold', () => {
  it('is set and cleared by the tenant administrator, audited, and refused to other roles and tenants', async () => {
    const { id } = await seed({ tenant: 'acme', topic: 'Board meeting', endedDaysAgo: 1, bytes: 100 });
    const set = await hold(id, true);
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ id, legalHold: true });
    const [entry] = await server.database.withPlatform((tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'recording'), eq(auditLog.entityId, id))));
    expect(entry).toMatchObject({ action: 'update', before: { legalHold: false }, after: { legalHold: true }, actorLabel: userEmail('acme', 'admin') });
    expect((await hold(id, true, acmeMember)).status).toBe(403);
    expect((await hold(id, false, globexAdmin, 'globex')).status).toBe(404);
    expect((await hold(crypto.randomUUID(), true)).status).toBe(404);
    const bad = await hold(id, 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'legalHold', code: 'invalid_legal_hold' });
    expect((await server.request('acme', 'PUT', '/recordings/not-a-uuid/legal-hold', { session: acmeAdmin, body: { legalHold: true } })).status).toBe(400);
    const cleared = await hold(id, false, superadmin, 'system');
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.legalHold).toBe(false);
    await server.database.withPlatform((tx) => tx.delete(recordings).where(eq(recordings.id, id)));
  });
});

describe('retention', () => {
  it('answers the dry run to the super administrator only, and refuses a period out of range', async () => {
    const platformAdmin = await server.login('system', userEmail('system', 'admin'));
    expect((await preview(30, platformAdmin)).status).toBe(403);
    const zero = await preview(0);
    expect(zero.status).toBe(400);
    expect(zero.body.errors[0]).toMatchObject({ field: 'autoDeleteDays', code: 'invalid_auto_delete_days' });
    expect((await preview('30')).status).toBe(400);
    expect((await server.request('system', 'POST', '/recordings/retention-preview', { session: superadmin, body: {} })).status).toBe(400);
  });

  it('previews per tenant exactly what the job then deletes, with files and audit, keeping held, recent, local and processing ones', async () => {
    const old = await seed({ tenant: 'acme', topic: 'Old standup', endedDaysAgo: 40, bytes: 1000 });
    const olderUnended = await seed({ tenant: 'acme', topic: 'Never ended', endedDaysAgo: 35, bytes: 500, noEnd: true });
    const held = await seed({ tenant: 'acme', topic: 'Litigation', endedDaysAgo: 60, bytes: 700, legalHold: true });
    const recent = await seed({ tenant: 'acme', topic: 'Yesterday', endedDaysAgo: 1, bytes: 300 });
    const local = await seed({ tenant: 'acme', topic: 'Uploaded', endedDaysAgo: 90, bytes: 200, kind: 'local' });
    const processing = await seed({ tenant: 'acme', topic: 'Converting', endedDaysAgo: 45, bytes: 50, status: 'processing' });
    const globexOld = await seed({ tenant: 'globex', topic: 'Globex review', endedDaysAgo: 31, bytes: 2000, status: 'failed' });

    const keep = await preview(null);
    expect(keep.status, keep.text).toBe(200);
    expect(keep.body).toEqual({ autoDeleteDays: null, cutoff: null, tenants: [], recordings: 0, bytes: 0 });

    const figures = await preview(30);
    expect(figures.status, figures.text).toBe(200);
    expect(figures.body).toEqual({
      autoDeleteDays: 30,
      cutoff: daysAgo(30).toISOString(),
      tenants: [
        { tenantId: server.ids.tenants.acme, tenantName: 'Acme Corporation', recordings: 2, bytes: 1500, held: 1 },
        { tenantId: server.ids.tenants.globex, tenantName: 'Globex Corporation', recordings: 1, bytes: 2000, held: 0 },
      ],
      recordings: 3,
      bytes: 3500,
    });
    const longer = await preview(50);
    expect(longer.body).toMatchObject({ recordings: 0, bytes: 0 });
    expect(longer.body.tenants).toEqual([expect.objectContaining({ tenantName: 'Acme Corporation', recordings: 0, held: 1 })]);

    // Nothing saved yet: the job keeps everything.
    await setAutoDeleteDays(null);
    await server.app.jobs.runDue();
    const count = async () => (await server.database.withPlatform((tx) => tx.select({ id: recordings.id }).from(recordings))).length;
    expect(await count()).toBe(7);

    await setAutoDeleteDays(30);
    clock = new Date(clock.getTime() + 2 * 3600_000);
    await server.app.jobs.runDue();
    // The clock moved two hours: the same figures hold (nothing crossed the line meanwhile).
    const remaining = await server.database.withPlatform((tx) => tx.select({ id: recordings.id }).from(recordings));
    const ids = remaining.map((row) => row.id).sort();
    expect(ids).toEqual([held.id, recent.id, local.id, processing.id].sort());
    for (const gone of [old, olderUnended, globexOld]) {
      for (const key of gone.keys) expect(await server.app.files.get(key)).toBeNull();
    }
    for (const kept of [held, recent, local, processing]) {
      for (const key of kept.keys) expect(await server.app.files.get(key)).not.toBeNull();
    }
    const entries = await server.database.withPlatform((tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'recording'), eq(auditLog.action, 'delete'))));
    expect(entries.map((entry) => entry.entityId).sort()).toEqual([old.id, olderUnended.id, globexOld.id].sort());
    const oldEntry = entries.find((entry) => entry.entityId === old.id);
    expect(oldEntry).toMatchObject({ tenantId: server.ids.tenants.acme, actorLabel: 'retention' });
    expect(oldEntry?.before).toMatchObject({ reason: 'retention', autoDeleteDays: 30, topic: 'Old standup', video: { file: old.keys[0], bytes: 990 }, audio: { file: old.keys[1], bytes: 10 } });
    expect(entries.find((entry) => entry.entityId === globexOld.id)?.tenantId).toBe(server.ids.tenants.globex);

    const after = await preview(30);
    expect(after.body).toMatchObject({ recordings: 0, bytes: 0 });

    // A year later the hold still keeps its recording; releasing it lets the next run delete it.
    clock = new Date(clock.getTime() + 365 * DAY_MS);
    await server.app.jobs.runDue();
    expect((await server.database.withPlatform((tx) => tx.select({ id: recordings.id }).from(recordings))).map((row) => row.id).sort()).toEqual([held.id, local.id, processing.id].sort());
    expect((await hold(held.id, false)).status).toBe(200);
    clock = new Date(clock.getTime() + 3600_000);
    await server.app.jobs.runDue();
    expect((await server.database.withPlatform((tx) => tx.select({ id: recordings.id }).from(recordings))).map((row) => row.id).sort()).toEqual([local.id, processing.id].sort());
  });
});
