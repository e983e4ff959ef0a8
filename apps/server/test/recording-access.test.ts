// Recording access over real HTTP: downloads streamed with byte ranges (first byte, middle, suffix,
// past the end), share links (create, list, revoke; expired by the clock, revoked, wrong password,
// throttled per link and address), the public player's calls, and the recording settings'
// authorised address (IPv4, IPv6, CIDR) refusing everyone else with 403.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, recordings, recordingShares } from '../src/kernel/db/schema.ts';
import { shareLinkThrottle } from '../src/recordings/shares.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let clock = new Date('2026-11-25T10:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
let admin: TestSession;
let member: TestSession;
let globexAdmin: TestSession;
let superadmin: TestSession;

const video = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz'.repeat(30)); // 1080 ASCII bytes
const audio = Buffer.from('OggS-audio-bytes'.repeat(10));
let recordingId: string;
let goneId: string;
let globexRecordingId: string;

async function addRecording(tenant: 'acme' | 'globex', files: { audio?: Buffer; video?: Buffer }, topic = 'Quarterly review'): Promise<string> {
  const tenantId = server.ids.tenants[tenant];
  const [row] = await server.database.withTenant(tenantId, (tx) =>
    tx
      .insert(recordings)
      .values({ tenantId, kind: 'cloud', status: 'ready', code: '12345678901', topic, startedAt: new Date('2026-11-20T09:00:00Z'), endedAt: new Date('2026-11-20T10:00:00Z'), durationSeconds: 3600 })
      .returning({ id: recordings.id }),
  );
  const id = row!.id;
  const audioKey = `recordings/${tenantId}/${id}/audio.ogg`;
  const videoKey = `recordings/${tenantId}/${id}/video.webm`;
  if (files.audio) await server.app.files.put(audioKey, files.audio, 'audio/ogg');
  if (files.video) await server.app.files.put(videoKey, files.video, 'video/webm');
  await server.database.withTenant(tenantId, (tx) =>
    tx
      .update(recordings)
      .set({ audioKey, videoKey, audioBytes: files.audio?.length ?? null, videoBytes: files.video?.length ?? null })
      .where(eqId(id)),
  );
  return id;
}

const eqId = (id: string) => eq(recordings.id, id);

const setAllowed = async (allowedAddress: string | null) => {
  const res = await server.request('system', 'PUT', '/settings/recording', { session: superadmin, body: { modes: [], autoDeleteDays: null, allowedAddress } });
  expect(res.status, res.text).toBe(200);
};

beforeAll(async () => {
  server = await startTestServer({ clock: () => clock, config: { trustProxy: true } });
  admin = await server.login('acme', userEmail('acme', 'admin'));
  member = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  recordingId = await addRecording('acme', { audio, video }, 'Revue trimestrielle: été');
  goneId = await addRecording('acme', {});
  globexRecordingId = await addRecording('globex', { video });
});

afterAll(async () => {
  await server?.close();
});

const download = (id: string, kind: string, options: { session?: TestSession; range?: string; from?: string } = {}) =>
  server.request('acme', 'GET', `/recordings/${id}/files/${kind}`, {
    session: options.session ?? admin,
    headers: { ...(options.range ? { range: options.range } : {}), ...(options.from ? { 'x-forwarded-for': options.from } : {}) },
  });

describe('downloadRecordingFile', () => {
  it('answers the whole video as an attachment that says it takes ranges', async () => {
    const res = await download(recordingId, 'video');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(video.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Revue-trimestrielle-ete-12345678901-2026-11-20.webm"; filename*=UTF-8''Revue%20trimestrielle-%20%C3%A9t%C3%A9%2012345678901%202026-11-20.webm`,
    );
    expect(res.text).toBe(video.toString());
  });

  it('answers HEAD with the headers of the file or the range and no body', async () => {
    const whole = await server.request('acme', 'HEAD', `/recordings/${recordingId}/files/video`, { session: admin });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe(String(video.length));
    expect(whole.text).toBe('');
    const part = await server.request('acme', 'HEAD', `/recordings/${recordingId}/files/video`, { session: admin, headers: { range: 'bytes=-100' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 980-1079/${video.length}`);
    expect(part.headers['content-length']).toBe('100');
  });

  it('answers the audio as audio/ogg', async () => {
    const res = await download(recordingId, 'audio');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/ogg');
    expect(res.text).toBe(audio.toString());
  });

  it.each([
    ['the first byte', 'bytes=0-0', 0, 0],
    ['a middle range', 'bytes=100-199', 100, 199],
    ['an open range', 'bytes=1000-', 1000, 1079],
    ['a range past the end, cut at the end', 'bytes=1070-5000', 1070, 1079],
    ['a suffix', 'bytes=-500', 580, 1079],
    ['a suffix longer than the file', 'bytes=-5000', 0, 1079],
  ])('answers %s with 206 and Content-Range', async (_name, range, start, end) => {
    const res = await download(recordingId, 'video', { range });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.text).toBe(video.subarray(start, end + 1).toString());
  });

  it.each(['bytes=1080-', 'bytes=5000-6000', 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
    const res = await download(recordingId, 'video', { range });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(res.body.code).toBe('range_not_satisfiable');
  });

  it('ignores a range it cannot honour (several ranges, another unit) and answers the whole file', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2']) {
      const res = await download(recordingId, 'video', { range });
      expect(res.status, range).toBe(200);
      expect(res.text.length).toBe(video.length);
    }
  });

  it("answers 'No files available for download' when the file is gone", async () => {
    const res = await download(goneId, 'video');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('no_files_available');
    expect(res.body.detail).toBe('No files available for download');
  });

  it('refuses a role without room.recording.get (403), another tenant (404) and bad input (400)', async () => {
    expect((await download(recordingId, 'video', { session: member })).status).toBe(403);
    expect((await download(globexRecordingId, 'video')).status).toBe(404);
    const own = await server.request('globex', 'GET', `/recordings/${globexRecordingId}/files/video`, { session: globexAdmin });
    expect(own.status).toBe(200);
    expect((await download(recordingId, 'subtitles')).status).toBe(400);
    expect((await download('not-a-uuid', 'video')).status).toBe(400);
  });
});

const createShare = (body: Record<string, unknown>, options: { session?: TestSession; id?: string; from?: string } = {}) =>
  server.request('acme', 'POST', `/recordings/${options.id ?? recordingId}/shares`, {
    session: options.session ?? admin,
    body,
    headers: options.from ? { 'x-forwarded-for': options.from } : {},
  });
const inHours = (hours: number) => new Date(clock.getTime() + hours * 3600_000).toISOString();
const visit = (token: string, path = '', options: { method?: string; body?: unknown; range?: string; from?: string } = {}) =>
  server.request('acme', options.method ?? 'GET', `/shared-recordings/${token}${path}`, {
    ...(options.body ? { body: options.body } : {}),
    headers: { ...(options.range ? { range: options.range } : {}), ...(options.from ? { 'x-forwarded-for': options.from } : {}) },
  });
const tokenOf = (url: string) => url.split('/').pop()!;

const shareAudit = (shareId: string) =>
  server.database.withPlatform((tx) =>
    tx.select().from(auditLog).where(and(eq(auditLog.entity, 'recording_share'), eq(auditLog.entityId, shareId))).orderBy(auditLog.createdAt),
  );

describe('share links', () => {
  it('creates a link without a password that plays for anyone with the link, and lists it', async () => {
    const res = await createShare({ expiresAt: inHours(24) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.url).toMatch(/^http:\/\/acme\.portal\.test:\d+\/portal\/recording\/[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(res.body.url)).toBe(res.body.token);
    expect(res.body.share).toMatchObject({ recordingId, passwordProtected: false, status: 'active', revokedAt: null });

    const info = await visit(res.body.token);
    expect(info.status, info.text).toBe(200);
    expect(info.body).toMatchObject({ topic: 'Revue trimestrielle: été', code: '12345678901', passwordRequired: false, hasVideo: true, durationSeconds: 3600 });
    const part = await visit(res.body.token, '/video', { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-disposition']).toMatch(/^inline; /);
    expect(part.text).toBe(video.subarray(10, 20).toString());

    const list = await server.request('acme', 'GET', `/recordings/${recordingId}/shares`, { session: admin });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(res.body.share.id);
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);
  });

  it('stores only hashes of the token and the password', async () => {
    const res = await createShare({ expiresAt: inHours(1), password: 'Sesame-4242' });
    const rows = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(recordingShares));
    const row = rows.find((candidate) => candidate.id === res.body.share.id)!;
    expect(row.tokenHash).not.toContain(res.body.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('asks a password-protected link for its password before the video plays', async () => {
    const { body } = await createShare({ expiresAt: inHours(2), password: 'Sesame-4242' });
    const info = await visit(body.token);
    expect(info.body.passwordRequired).toBe(true);
    const locked = await visit(body.token, '/video');
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('share_password_required');
    const wrong = await visit(body.token, '/unlock', { method: 'POST', body: { password: 'nope' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('share_password_wrong');
    const unlocked = await visit(body.token, '/unlock', { method: 'POST', body: { password: 'Sesame-4242' } });
    expect(unlocked.status, unlocked.text).toBe(200);
    const grant = unlocked.body.grant as string;
    const played = await visit(body.token, `/video?grant=${grant}`, { range: 'bytes=0-9' });
    expect(played.status).toBe(206);
    expect(played.text).toBe(video.subarray(0, 10).toString());
    const forged = await visit(body.token, `/video?grant=${grant.slice(0, -2)}xx`);
    expect(forged.status).toBe(403);
    // Another link's grant does not open this one.
    const other = await createShare({ expiresAt: inHours(2), password: 'Other-1111' });
    expect((await visit(other.body.token, `/video?grant=${grant}`)).status).toBe(403);
    // The grant runs out; the link still takes its password.
    advance(3 * 3600 - 60);
    const lateLink = await createShare({ expiresAt: inHours(5), password: 'Sesame-4242' });
    const lateGrant = (await visit(lateLink.body.token, '/unlock', { method: 'POST', body: { password: 'Sesame-4242' } })).body.grant as string;
    advance(2 * 3600 + 1);
    expect((await visit(lateLink.body.token, `/video?grant=${lateGrant}`)).status).toBe(403);
  });

  it('stops working when the clock passes the expiry', async () => {
    const { body } = await createShare({ expiresAt: inHours(1) });
    expect((await visit(body.token)).status).toBe(200);
    advance(3600);
    const expired = await visit(body.token);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('share_expired');
    expect((await visit(body.token, '/video')).body.code).toBe('share_expired');
    const list = await server.request('acme', 'GET', `/recordings/${recordingId}/shares`, { session: admin });
    expect(list.body.items.find((item: { id: string }) => item.id === body.share.id).status).toBe('expired');
  });

  it('stops working once revoked (revoking twice is no error)', async () => {
    const { body } = await createShare({ expiresAt: inHours(1) });
    const revoke = () => server.request('acme', 'DELETE', `/recordings/${recordingId}/shares/${body.share.id}`, { session: admin });
    expect((await revoke()).status).toBe(204);
    expect((await revoke()).status).toBe(204);
    const gone = await visit(body.token);
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('share_revoked');
    expect((await visit(body.token, '/video', { range: 'bytes=0-1' })).status).toBe(410);
    const list = await server.request('acme', 'GET', `/recordings/${recordingId}/shares`, { session: admin });
    expect(list.body.items.find((item: { id: string }) => item.id === body.share.id)).toMatchObject({ status: 'revoked' });

    // The audit log says who handed the recording out and who took the link back, once each.
    const entries = await shareAudit(body.share.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries.every((entry) => entry.tenantId === server.ids.tenants.acme && entry.actorUserId === server.ids.users[userEmail('acme', 'admin')])).toBe(true);
    expect(entries[0]?.after).toMatchObject({ recordingId, passwordProtected: false, revokedAt: null });
    expect(entries[1]?.after).toMatchObject({ revokedAt: expect.any(String) });
    expect(JSON.stringify(entries)).not.toContain(body.token);
  });

  it('answers 404 share_not_found for an unknown token, and at another tenant', async () => {
    const unknown = await visit('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('share_not_found');
    const { body } = await createShare({ expiresAt: inHours(1) });
    const elsewhere = await server.request('globex', 'GET', `/shared-recordings/${body.token}`);
    expect(elsewhere.status).toBe(404);
    expect((await visit('short')).status).toBe(400);
  });

  it('throttles wrong passwords per link and address, without locking the link for others', async () => {
    const { body } = await createShare({ expiresAt: inHours(1), password: 'Sesame-4242' });
    const attempt = (password: string, from: string) => visit(body.token, '/unlock', { method: 'POST', body: { password }, from });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong', '203.0.113.7')).status).toBe(403);
    const throttled = await attempt('Sesame-4242', '203.0.113.7');
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('too_many_attempts');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('Sesame-4242', '198.51.100.9')).status).toBe(200);
  });

  it('slows guesses at one link from many addresses ever more, then locks the link and mails its owner', async () => {
    const { body } = await createShare({ expiresAt: inHours(48), password: 'Sesame-4242' });
    const attempt = (password: string, from: string) => visit(body.token, '/unlock', { method: 'POST', body: { password }, from });
    let address = 0;
    const nextAddress = () => `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let guesses = 0; guesses < 200 && statuses.at(-1) !== 410; ) {
      const answer = await attempt(`guess-${guesses}`, nextAddress());
      if (answer.status === 429) {
        expect(answer.body.code).toBe('too_many_attempts');
        waits.push(Number(answer.headers['retry-after']));
        advance(waits.at(-1)!);
        continue;
      }
      statuses.push(answer.status);
      guesses++;
    }
    // A few guesses as usual, then each one waits longer than the one before, then the link locks.
    expect(statuses.slice(0, shareLinkThrottle.slowAfter)).toEqual(Array(shareLinkThrottle.slowAfter).fill(403));
    expect(statuses.length).toBe(shareLinkThrottle.lockAfter);
    expect(statuses.at(-1)).toBe(410);
    expect(waits.length).toBeGreaterThan(3);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits.at(-1)).toBeGreaterThan(waits[0]!);
    // Locked for everyone, the right password too, and the owner sees it and is told once.
    for (const answer of [await attempt('Sesame-4242', nextAddress()), await visit(body.token), await visit(body.token, '/video')]) {
      expect(answer.status).toBe(410);
      expect(answer.body.code).toBe('share_locked');
    }
    const listed = await server.request('acme', 'GET', `/recordings/${recordingId}/shares`, { session: admin });
    expect(listed.body.items.find((share: { id: string }) => share.id === body.share.id)).toMatchObject({ status: 'locked' });
    const mails = await server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.template, 'recording_share_locked')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: userEmail('acme', 'admin') });
    expect(mails[0]!.textBody).toContain('Revue trimestrielle: été');
    const entries = await shareAudit(body.share.id);
    expect(entries.at(-1)).toMatchObject({ action: 'update', after: expect.objectContaining({ locked: true }) });
  });

  it('asks for a password of at least 10 characters with letters and digits', async () => {
    for (const password of ['Abc-123', 'abcdefghijkl', '1234567890123']) {
      const res = await createShare({ expiresAt: inHours(1), password });
      expect(res.status, password).toBe(400);
      expect(res.body.errors[0].code, password).toBe('invalid_share_password');
    }
    expect((await createShare({ expiresAt: inHours(1), password: 'river-stone-7' })).status).toBe(201);
  });

  it('refuses a role without the permission (403), another tenant (404) and bad input (400)', async () => {
    expect((await createShare({ expiresAt: inHours(1) }, { session: member })).status).toBe(403);
    expect((await server.request('acme', 'GET', `/recordings/${recordingId}/shares`, { session: member })).status).toBe(403);
    const { body } = await createShare({ expiresAt: inHours(1) });
    expect((await server.request('acme', 'DELETE', `/recordings/${recordingId}/shares/${body.share.id}`, { session: member })).status).toBe(403);

    expect((await createShare({ expiresAt: inHours(1) }, { id: globexRecordingId })).status).toBe(404);
    expect((await server.request('acme', 'GET', `/recordings/${globexRecordingId}/shares`, { session: admin })).status).toBe(404);
    expect((await server.request('globex', 'DELETE', `/recordings/${globexRecordingId}/shares/${body.share.id}`, { session: globexAdmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', `/recordings/${recordingId}/shares/00000000-0000-4000-8000-000000000000`, { session: admin })).status).toBe(404);

    for (const [input, code] of [
      [{ expiresAt: inHours(-1) }, 'invalid_expiry'],
      [{ expiresAt: inHours(24 * 400) }, 'invalid_expiry'],
      [{ expiresAt: 'tomorrow' }, 'invalid_expiry'],
      [{ expiresAt: inHours(1), password: 'abc' }, 'invalid_share_password'],
      [{}, 'required'],
    ] as const) {
      const res = await createShare(input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.errors[0].code, JSON.stringify(res.body.errors)).toBe(code);
    }
  });
});

describe("the platform super administrator (who lists every tenant's recordings)", () => {
  it("downloads, shares and revokes a tenant's recording, with a link to that tenant's portal", async () => {
    const file = await server.request('system', 'GET', `/recordings/${recordingId}/files/video`, { session: superadmin, headers: { range: 'bytes=0-9' } });
    expect(file.status).toBe(206);
    expect(file.text).toBe(video.subarray(0, 10).toString());
    const created = await server.request('system', 'POST', `/recordings/${recordingId}/shares`, { session: superadmin, body: { expiresAt: inHours(1) } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.url).toMatch(/^http:\/\/acme\.portal\.test:\d+\/portal\/recording\//);
    expect((await visit(created.body.token)).status).toBe(200);
    const list = await server.request('system', 'GET', `/recordings/${recordingId}/shares`, { session: superadmin });
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(created.body.share.id);
    const revoked = await server.request('system', 'DELETE', `/recordings/${recordingId}/shares/${created.body.share.id}`, { session: superadmin });
    expect(revoked.status).toBe(204);
    expect((await visit(created.body.token)).status).toBe(410);
    // Recorded in the recording's tenant, under the super administrator's name.
    const entries = await shareAudit(created.body.share.id);
    expect(entries.map((entry) => [entry.action, entry.tenantId, entry.actorUserId])).toEqual([
      ['create', server.ids.tenants.acme, server.ids.users[userEmail('system', 'superadmin')]],
      ['update', server.ids.tenants.acme, server.ids.users[userEmail('system', 'superadmin')]],
    ]);
    expect((await server.request('system', 'GET', '/recordings/00000000-0000-4000-8000-000000000000/files/video', { session: superadmin })).status).toBe(404);
  });
});

describe('the authorised address', () => {
  it('refuses downloads, new links and the player from any other address with 403, and allows the range', async () => {
    const { body } = await createShare({ expiresAt: inHours(1) });
    try {
      await setAllowed('10.20.0.0/16');
      for (const res of [
        await download(recordingId, 'video', { from: '192.0.2.1' }),
        await download(recordingId, 'video'),
        await createShare({ expiresAt: inHours(1) }, { from: '10.21.0.1' }),
        await visit(body.token, '', { from: '192.0.2.1' }),
        await visit(body.token, '/video', { from: '192.0.2.1' }),
        await visit(body.token, '/unlock', { method: 'POST', body: { password: 'x' }, from: '192.0.2.1' }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('recording_address_refused');
      }
      expect((await download(recordingId, 'video', { from: '10.20.3.4' })).status).toBe(200);
      expect((await visit(body.token, '/video', { from: '10.20.255.255', range: 'bytes=0-0' })).status).toBe(206);
      expect((await createShare({ expiresAt: inHours(1) }, { from: '10.20.0.1' })).status).toBe(201);

      await setAllowed('2001:db8::/32');
      expect((await download(recordingId, 'video', { from: '2001:db8:1::5' })).status).toBe(200);
      expect((await download(recordingId, 'video', { from: '2001:db9::5' })).status).toBe(403);
      expect((await download(recordingId, 'video', { from: '10.20.3.4' })).status).toBe(403);

      await setAllowed('203.0.113.9');
      expect((await visit(body.token, '', { from: '203.0.113.9' })).status).toBe(200);
      expect((await visit(body.token, '', { from: '203.0.113.10' })).status).toBe(403);
    } finally {
      await setAllowed(null);
    }
    expect((await download(recordingId, 'video', { from: '192.0.2.1' })).status).toBe(200);
  });
});
