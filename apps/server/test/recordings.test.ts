// getRecordings (Cloud recordings) over real HTTP: the tenant's cloud recordings newest first with
// status, files and size; another tenant's are invisible; the super administrator reads every
// tenant's, narrowed by company; members may not; bad periods and cursors are 400; cursor paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let globexAdmin: TestSession;
const hour = 60 * 60_000;
const now = Date.now();
const ids: Record<string, string> = {};

async function addRecording(tenant: 'acme' | 'globex', name: string, values: Partial<typeof recordings.$inferInsert>) {
  const tenantId = server.ids.tenants[tenant];
  const [row] = await server.database.withTenant(tenantId, (tx) =>
    tx
      .insert(recordings)
      .values({ tenantId, kind: 'cloud', code: '1234567890', topic: name, startedAt: new Date(now - hour), endedAt: new Date(now - hour / 2), ...values })
      .returning({ id: recordings.id }),
  );
  ids[name] = row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
  await addRecording('acme', 'Acme ready', {
    code: '5550001111',
    status: 'ready',
    durationSeconds: 1800,
    audioKey: 'recordings/a/b/audio.opus',
    audioBytes: 1000,
    videoKey: 'recordings/a/b/video.webm',
    videoBytes: 50_000,
    startedAt: new Date(now - 3 * hour),
    endedAt: new Date(now - 2 * hour),
  });
  await addRecording('acme', 'Acme processing', { code: '5550002222', startedAt: new Date(now - 2 * hour) });
  await addRecording('acme', 'Acme failed', { code: '5550003333', status: 'failed', failure: 'No raw files.', startedAt: new Date(now - hour) });
  await addRecording('acme', 'Acme uploaded', { kind: 'local', computerName: 'laptop' });
  await addRecording('acme', 'Acme last year', { startedAt: new Date(now - 400 * 24 * hour) });
  await addRecording('globex', 'Globex ready', { code: '6660001111', status: 'ready', audioKey: 'recordings/g/h/audio.opus', audioBytes: 700 });
});

afterAll(async () => {
  await server?.close();
});

const get = (tenant: string, path: string, session: TestSession) => server.request(tenant, 'GET', path, { session });

describe('getRecordings', () => {
  it('lists the tenant’s cloud recordings of the last 30 days, newest first, with status, files and size', async () => {
    const res = await get('acme', '/recordings', acmeAdmin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((item: { topic: string }) => item.topic)).toEqual(['Acme failed', 'Acme processing', 'Acme ready']);
    expect(res.body.items[2]).toEqual({
      id: ids['Acme ready'],
      meetingId: '5550001111',
      topic: 'Acme ready',
      tenantId: server.ids.tenants.acme,
      tenantName: 'Acme Corporation',
      startTime: new Date(now - 3 * hour).toISOString(),
      endTime: new Date(now - 2 * hour).toISOString(),
      durationSeconds: 1800,
      status: 'ready',
      failure: null,
      audio: true,
      video: true,
      fileSize: 51_000,
      legalHold: false,
    });
    expect(res.body.items[1]).toMatchObject({ status: 'processing', fileSize: null, audio: false, video: false, failure: null });
    expect(res.body.items[0]).toMatchObject({ status: 'failed', failure: 'No raw files.', fileSize: null });
    expect(res.body.nextCursor).toBeNull();
  });

  it('searches the topic and the meeting ID', async () => {
    expect((await get('acme', '/recordings?q=processing', acmeAdmin)).body.items.map((item: { id: string }) => item.id)).toEqual([ids['Acme processing']]);
    expect((await get('acme', '/recordings?q=5550003333', acmeAdmin)).body.items.map((item: { id: string }) => item.id)).toEqual([ids['Acme failed']]);
  });

  it('pages with a cursor', async () => {
    const first = await get('acme', '/recordings?limit=2', acmeAdmin);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await get('acme', `/recordings?limit=2&cursor=${first.body.nextCursor}`, acmeAdmin);
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([ids['Acme ready']]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('reads a chosen period', async () => {
    const from = new Date(now - 401 * 24 * hour).toISOString().slice(0, 10);
    const to = new Date(now - 300 * 24 * hour).toISOString().slice(0, 10);
    const res = await get('acme', `/recordings?from=${from}&to=${to}`, acmeAdmin);
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([ids['Acme last year']]);
  });

  it('never shows another tenant’s recordings', async () => {
    const res = await get('globex', '/recordings', globexAdmin);
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([ids['Globex ready']]);
    expect(res.body.items[0]).toMatchObject({ audio: true, video: false, fileSize: 700 });
    expect((await get('globex', '/recordings?q=Acme', globexAdmin)).body.items).toEqual([]);
  });

  it('shows the super administrator every tenant, narrowed by company', async () => {
    const all = await get('system', '/recordings', superadmin);
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.map((item: { topic: string }) => item.topic).sort()).toEqual(['Acme failed', 'Acme processing', 'Acme ready', 'Globex ready']);
    const globex = await get('system', '/recordings?company=globex', superadmin);
    expect(globex.body.items.map((item: { topic: string }) => item.topic)).toEqual(['Globex ready']);
  });

  it('refuses a member (403)', async () => {
    const res = await get('acme', '/recordings', acmeMember);
    expect(res.status).toBe(403);
  });

  it('refuses a bad period or cursor (400)', async () => {
    const backwards = await get('acme', '/recordings?from=2026-11-10&to=2026-11-01', acmeAdmin);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([expect.objectContaining({ field: 'to', code: 'end_before_start' })]);
    const long = await get('acme', '/recordings?from=2024-01-01&to=2026-01-01', acmeAdmin);
    expect(long.body.errors).toEqual([expect.objectContaining({ field: 'to', code: 'window_too_long' })]);
    expect((await get('acme', '/recordings?from=yesterday', acmeAdmin)).status).toBe(400);
    expect((await get('acme', '/recordings?cursor=made-up', acmeAdmin)).status).toBe(400);
    expect((await get('acme', '/recordings?limit=0', acmeAdmin)).status).toBe(400);
  });
});
