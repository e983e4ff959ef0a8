// The transcription plugin against a local stand-in for Neosound (test/neosound-stand-in.ts, the
// contract of src/apps/neosound/client.ts): the person's account is created with the tenant's
// sealed API key, a sign-in link is asked for, and a cloud recording's audio is streamed to
// Neosound. Neosound's failures are 502 `neosound_failed`, never 500; other tenants' recordings 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings, recordings, tenantApps } from '../src/kernel/db/schema.ts';
import { startNeosoundStandIn, type NeosoundStandIn } from './neosound-stand-in.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const apiKey = 'neo-acme-secret-key';
let neosound: NeosoundStandIn;
let server: TestServer;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeGuest: TestSession;
let globexAdmin: TestSession;
// Several chunks of the file store's stream, so the upload is seen to stream.
const audio = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
let recordingId: string;
let videoOnlyId: string;
let globexRecordingId: string;

async function addRecording(tenant: 'acme' | 'globex', files: { audio?: Buffer; video?: Buffer }): Promise<string> {
  const tenantId = server.ids.tenants[tenant];
  const [row] = await server.database.withTenant(tenantId, (tx) =>
    tx
      .insert(recordings)
      .values({ tenantId, kind: 'cloud', status: 'ready', code: '12345678901', topic: 'Quarterly review', startedAt: new Date('2026-11-20T09:00:00Z'), endedAt: new Date('2026-11-20T10:00:00Z') })
      .returning({ id: recordings.id }),
  );
  const id = row!.id;
  const audioKey = files.audio ? `recordings/${tenantId}/${id}/audio.ogg` : null;
  const videoKey = files.video ? `recordings/${tenantId}/${id}/video.webm` : null;
  if (audioKey) await server.app.files.put(audioKey, files.audio!, 'audio/ogg');
  if (videoKey) await server.app.files.put(videoKey, files.video!, 'video/webm');
  await server.database.withTenant(tenantId, (tx) => tx.update(recordings).set({ audioKey, videoKey }).where(eq(recordings.id, id)));
  return id;
}

beforeAll(async () => {
  neosound = await startNeosoundStandIn(apiKey);
  server = await startTestServer({ config: { apps: { neosoundBaseUrl: neosound.url, googleAddonCallbackUrl: null } } });
  const acmeId = server.ids.tenants.acme;
  await server.database.withTenant(acmeId, (tx) => tx.insert(tenantApps).values({ tenantId: acmeId, app: 'neosound', settings: { region: 'eu' }, apiKey: server.app.secrets.seal(apiKey) }));
  acmeAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  acmeGuest = await server.login('acme', userEmail('acme', 'guest'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
  recordingId = await addRecording('acme', { audio, video: Buffer.from('webm-video') });
  videoOnlyId = await addRecording('acme', { video: Buffer.from('only-video-bytes') });
  globexRecordingId = await addRecording('globex', { audio: Buffer.from('globex-audio') });
});

afterAll(async () => {
  await server?.close();
  await neosound?.close();
});

const upload = (session: TestSession, id: string, tenant: 'acme' | 'globex' = 'acme') => server.request(tenant, 'POST', '/apps/neosound/files', { session, body: { recordingId: id } });

describe('enabling Neosound (createNeosoundAccount)', () => {
  it('creates the account once with the tenant key and switches the plugin on', async () => {
    const first = await server.request('acme', 'POST', '/apps/neosound/account', { session: acmeAdmin });
    expect(first.status).toBe(200);
    server.expectMatchesSpec('createNeosoundAccount', 200, first.body);
    expect(first.body).toEqual({ plugin: 'neosound', scope: 'user', available: true, enabled: true, canManage: true, hasAccount: true });
    expect(neosound.accounts).toHaveLength(1);
    expect(neosound.accounts[0]).toMatchObject({ email: userEmail('acme', 'tenantadmin'), externalId: `${server.ids.tenants.acme}:${server.ids.users[userEmail('acme', 'tenantadmin')]}` });

    // Disabled and enabled again: the account is kept and reused.
    expect((await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeAdmin, body: { plugin: 'neosound' } })).body.enabled).toBe(false);
    expect((await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeAdmin, body: { plugin: 'neosound' } })).body.enabled).toBe(true);
    expect((await server.request('acme', 'POST', '/apps/neosound/account', { session: acmeAdmin })).status).toBe(200);
    expect(neosound.accounts).toHaveLength(1);
    const plugins = await server.request('acme', 'POST', '/apps/plugins/info', { session: acmeAdmin });
    expect(plugins.body[2]).toMatchObject({ plugin: 'neosound', enabled: true });
  });

  it("answers 502 neosound_failed when Neosound refuses or cannot be reached, and nothing is switched on", async () => {
    neosound.failNext(503);
    const refused = await server.request('acme', 'POST', '/apps/neosound/account', { session: acmeMember });
    expect(refused.status).toBe(502);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.body.code).toBe('neosound_failed');
    server.expectMatchesSpec('createNeosoundAccount', 502, refused.body);
    neosound.failNext(0);
    const dropped = await server.request('acme', 'POST', '/apps/neosound/account', { session: acmeMember });
    expect(dropped.status).toBe(502);
    const plugins = await server.request('acme', 'POST', '/apps/plugins/info', { session: acmeMember });
    expect(plugins.body[2]).toMatchObject({ plugin: 'neosound', enabled: false, hasAccount: false });
  });

  it("answers 409 neosound_unavailable where the tenant's Neosound partner app is not installed, 403 to a guest", async () => {
    const globex = await server.request('globex', 'POST', '/apps/neosound/account', { session: globexAdmin });
    expect(globex.status).toBe(409);
    expect(globex.body.code).toBe('neosound_unavailable');
    expect((await server.request('acme', 'POST', '/apps/neosound/account', { session: acmeGuest })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/apps/neosound/login', { session: acmeGuest })).status).toBe(403);
    expect((await upload(acmeGuest, recordingId)).status).toBe(403);
  });
});

describe('neosoundLogin', () => {
  it('answers a sign-in address of the caller’s account; 409 before the plugin is enabled', async () => {
    const answer = await server.request('acme', 'GET', '/apps/neosound/login', { session: acmeAdmin });
    expect(answer.status).toBe(200);
    server.expectMatchesSpec('neosoundLogin', 200, answer.body);
    expect(answer.body.url).toMatch(/^https:\/\/app\.neosound\.test\/login\//);
    const member = await server.request('acme', 'GET', '/apps/neosound/login', { session: acmeMember });
    expect(member.status).toBe(409);
    expect(member.body.code).toBe('neosound_not_enabled');
  });
});

describe('openFileInNeosound', () => {
  it("streams the recording's audio to the caller's account and answers where it opens", async () => {
    const answer = await upload(acmeAdmin, recordingId);
    expect(answer.status).toBe(200);
    server.expectMatchesSpec('openFileInNeosound', 200, answer.body);
    const file = neosound.files.at(-1)!;
    expect(answer.body).toEqual({ fileId: file.id, url: `https://app.neosound.test/files/${file.id}` });
    expect(file.contentType).toBe('audio/ogg');
    expect(file.name).toBe('Quarterly review 12345678901 2026-11-20.ogg');
    expect(file.bytes.equals(audio)).toBe(true);
    expect(file.chunks).toBeGreaterThan(1);
    expect(file.accountId).toBe(neosound.accounts[0]!.id);
  });

  it('sends the video when the recording has no audio', async () => {
    expect((await upload(acmeAdmin, videoOnlyId)).status).toBe(200);
    expect(neosound.files.at(-1)).toMatchObject({ contentType: 'video/webm', name: 'Quarterly review 12345678901 2026-11-20.webm' });
  });

  it("answers 404 for another tenant's recording and 400 for a malformed id", async () => {
    const other = await upload(acmeAdmin, globexRecordingId);
    expect(other.status).toBe(404);
    server.expectMatchesSpec('openFileInNeosound', 404, other.body);
    const bad = await upload(acmeAdmin, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'recordingId', code: 'invalid_value' });
  });

  it('answers 409 to a member who has not enabled the plugin, and 404 for a recording the member cannot see', async () => {
    // The member holds no room.recording.get and owns no recording: it is not theirs to send.
    expect((await upload(acmeMember, recordingId)).status).toBe(404);
    await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.update(recordings).set({ ownerId: server.ids.users[userEmail('acme', 'member')]! }).where(eq(recordings.id, videoOnlyId)));
    const notEnabled = await upload(acmeMember, videoOnlyId);
    expect(notEnabled.status).toBe(409);
    expect(notEnabled.body.code).toBe('neosound_not_enabled');
  });

  it('answers 409 no_files_available for a recording still processing', async () => {
    const tenantId = server.ids.tenants.acme;
    const processing = await addRecording('acme', { audio: Buffer.from('x') });
    await server.database.withTenant(tenantId, (tx) => tx.update(recordings).set({ status: 'processing' }).where(eq(recordings.id, processing)));
    const answer = await upload(acmeAdmin, processing);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('no_files_available');
  });

  it('answers 409 meeting_end_to_end_encrypted for a recording of an end-to-end encrypted meeting', async () => {
    const tenantId = server.ids.tenants.acme;
    const meeting = await addMeeting(server, 'acme', acmeAdmin, meetingBody());
    await server.database.withTenant(tenantId, (tx) => tx.update(meetings).set({ endToEndEncrypted: true }).where(eq(meetings.id, meeting.id)));
    const encrypted = await addRecording('acme', { audio: Buffer.from('x') });
    await server.database.withTenant(tenantId, (tx) => tx.update(recordings).set({ meetingId: meeting.id }).where(eq(recordings.id, encrypted)));
    const refused = await upload(acmeAdmin, encrypted);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('meeting_end_to_end_encrypted');
  });

  it('answers 502 neosound_failed when Neosound refuses the file', async () => {
    neosound.failNext(500);
    const answer = await upload(acmeAdmin, recordingId);
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe('neosound_failed');
    server.expectMatchesSpec('openFileInNeosound', 502, answer.body);
  });
});
