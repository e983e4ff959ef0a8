// An administrator acts on a running meeting from Live meetings (issue 33 section 1), over real
// HTTP on a real Janus (local, 127.0.0.1 only).
// - End (endLiveMeeting): the tenant administrator ends acme's meeting, whose room is then gone on
//   the node and from the live list; the meeting.ended webhook and the audit log say who ended it.
//   A member may not (403), another tenant's administrator does not see it (404), the super
//   administrator ends any tenant's; a simulated session ends alike.
// - Remove (removeLiveParticipant): people joined as janus.js does (without media); the removed one
//   is kicked on the node (their own session hears it), off the list, barred from joining again
//   when blocked, and the participant.removed webhook and the audit log say so.
// - Lock (lockLiveMeeting): a guest is refused while the run is locked, the host still enters, the
//   list shows it; opened again, the guest is in; the next run is open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, meetingRooms, meetingSessions, webhookDeliveries } from '../src/kernel/db/schema.ts';
import { applyMediaEvents, parseOpaqueId } from '../src/live/index.ts';
import { removalRevokeDelayMs } from '../src/meetings/live-moderation.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { findJanusBinary, startLocalJanus } from '../src/media/local-janus.ts';
import type { MediaPlatform } from '../src/media/platform.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const janusBinary = findJanusBinary();
if (!janusBinary) console.warn('live-moderation.test.ts skipped: the `janus` binary is not installed');

type Tenant = 'acme' | 'globex';

type Grant = { serverUrl: string; token: string; opaqueId: string; roomId: number; pin: string | null; display: string; meetingId: string };

/** What janus.js does, without media: a session, and a handle that joins the room as publisher; `events` long-polls what the session hears. */
async function joinOnNode(grant: Grant) {
  const janus = async (path: string, body: Record<string, unknown>) => {
    const reply = await fetch(`${grant.serverUrl}${path}`, { method: 'POST', body: JSON.stringify({ transaction: 't', token: grant.token, ...body }) });
    return (await reply.json()) as { janus: string; data?: { id: number } };
  };
  const session = (await janus('', { janus: 'create' })).data!.id;
  const handle = (await janus(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', opaque_id: grant.opaqueId })).data!.id;
  await janus(`/${session}/${handle}`, { janus: 'message', body: { request: 'join', ptype: 'publisher', room: grant.roomId, pin: grant.pin, display: grant.display, token: grant.token } });
  const heard: Record<string, unknown>[] = [];
  /** One long poll (Janus answers at once with what is queued, or after up to 30 s). */
  const poll = async () => {
    const reply = await fetch(`${grant.serverUrl}/${session}?maxev=10&token=${encodeURIComponent(grant.token)}`);
    const body = (await reply.json()) as Record<string, unknown> | Record<string, unknown>[];
    heard.push(...(Array.isArray(body) ? body : [body]));
  };
  /** Whether the media server still takes the grant's token (a new session with it). */
  const tokenWorks = async () => (await janus('', { janus: 'create' })).janus === 'success';
  return { session, heard, poll, tokenWorks };
}

describe.skipIf(!janusBinary)('acting on a live meeting from Live meetings', () => {
  let dir: string;
  let media: MediaPlatform;
  let server: TestServer;
  let superadmin: TestSession;
  let now = Date.now();
  const clock = () => new Date(now);
  const admins = {} as Record<Tenant, TestSession>;

  /** A meeting of the tenant's member, started: its room is open on the node and its session live. */
  const running = async (tenant: Tenant) => {
    const host = await server.login(tenant, userEmail(tenant, 'member'));
    const meeting = await addMeeting(server, tenant, host, meetingBody({ topic: `Run of ${tenant}` }));
    const started = await server.request(tenant, 'PUT', `/meetings/${meeting.id}/room`, { session: host });
    expect(started.status, started.text).toBe(200);
    const [room] = await server.database.withPlatform((tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)));
    const [session] = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meeting.id)));
    return { meeting, room: room!, session: session! };
  };
  const live = async (tenant: Tenant) => {
    const list = await server.request(tenant, 'GET', '/live-meetings', { session: admins[tenant] });
    expect(list.status, list.text).toBe(200);
    return (list.body.items as { id: string }[]).map((item) => item.id);
  };
  const onNode = async (roomId: number) => (await media.listRooms()).some((summary) => summary.roomId === roomId);
  const end = (tenant: Tenant | 'system', session: TestSession, sessionId: string) => server.request(tenant, 'DELETE', `/live-meetings/${sessionId}`, { session });
  const auditOf = (tenant: Tenant, sessionId: string) =>
    server.database.withTenant(server.ids.tenants[tenant], (tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'meeting_run'), eq(auditLog.entityId, sessionId))));

  beforeAll(async () => {
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-janus-'));
    media = await startLocalJanus({ dir, iceEnforceList: 'lo' });
    server = await startTestServer({ media, clock });
    superadmin = await server.login('system', userEmail('system', 'superadmin'));
    for (const tenant of ['acme', 'globex'] as const) admins[tenant] = await server.login(tenant, userEmail(tenant, 'tenantadmin'));
  });

  afterAll(async () => {
    await server?.close(); // stops Janus
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets the tenant administrator end it for everyone: the room goes from the node, the list, and the webhook says who', async () => {
    const hook = await server.request('acme', 'POST', '/webhooks', { session: admins.acme, body: { url: 'https://hooks.example.com/meetings', events: ['meeting.ended'] } });
    expect(hook.status, hook.text).toBe(201);
    const { room, session } = await running('acme');
    expect(await onNode(room.roomId)).toBe(true);
    expect(await live('acme')).toContain(session.id);

    const member = await server.login('acme', userEmail('acme', 'member'));
    expect((await end('acme', member, session.id)).status).toBe(403);
    expect((await end('globex', admins.globex, session.id)).status).toBe(404);
    expect((await end('acme', admins.acme, 'not-a-session')).status).toBe(400);
    expect(await onNode(room.roomId)).toBe(true);

    const ended = await end('acme', admins.acme, session.id);
    expect(ended.status, ended.text).toBe(204);
    expect(await onNode(room.roomId)).toBe(false);
    expect(await server.database.withPlatform((tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.roomId, room.roomId)))).toEqual([]);
    expect(await live('acme')).not.toContain(session.id);

    const [delivery] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'meeting.ended')));
    const adminId = (await server.request('acme', 'GET', '/me', { session: admins.acme })).body.id;
    expect(delivery?.payload).toMatchObject({ type: 'meeting.ended', data: { sessionId: session.id, endedBy: { kind: 'administrator', userId: adminId } } });
    expect(await auditOf('acme', session.id)).toEqual([expect.objectContaining({ action: 'delete', actorUserId: adminId })]);

    // Ending it again is no error, and changes nothing.
    expect((await end('acme', admins.acme, session.id)).status).toBe(204);
    expect(await auditOf('acme', session.id)).toHaveLength(1);
  });

  it('lets the platform super administrator end any tenant’s meeting', async () => {
    const { room, session } = await running('globex');
    const ended = await end('system', superadmin, session.id);
    expect(ended.status, ended.text).toBe(204);
    expect(await onNode(room.roomId)).toBe(false);
    expect(await live('globex')).not.toContain(session.id);
    expect(await auditOf('globex', session.id)).toEqual([expect.objectContaining({ action: 'delete', actorLabel: userEmail('system', 'superadmin') })]);
  });

  it('ends a simulated session, which has no room on a node, alike', async () => {
    const host = await server.login('acme', userEmail('acme', 'member'));
    const meeting = await addMeeting(server, 'acme', host, meetingBody({ topic: 'Simulated' }));
    await applyMediaEvents(server.database, 'simulator', [{ key: 'sim-open', node: 'simulator', at: Date.now(), meetingId: meeting.id, type: 'room.opened' }]);
    const [session] = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meeting.id)));
    expect(await live('acme')).toContain(session!.id);
    expect((await end('acme', admins.acme, session!.id)).status).toBe(204);
    expect(await live('acme')).not.toContain(session!.id);
  });

  it('lets the tenant administrator remove a participant: kicked on the node, off the list, barred from coming back', async () => {
    const hook = await server.request('acme', 'POST', '/webhooks', { session: admins.acme, body: { url: 'https://hooks.example.com/people', events: ['participant.removed'] } });
    expect(hook.status, hook.text).toBe(201);
    const host = await server.login('acme', userEmail('acme', 'member'));
    const created = await server.request('acme', 'POST', '/meetings', { session: host, body: meetingBody({ topic: 'Removal', password: '135790', options: platformMeetingOptions }) });
    expect(created.status, created.text).toBe(201);
    const { id, meetingId: code } = created.body as { id: string; meetingId: string };
    expect((await server.request('acme', 'PUT', `/meetings/${id}/room`, { session: host })).status).toBe(200);
    const colleague = await server.login('acme', userEmail('acme', 'accountadmin'));
    const join = (session?: TestSession) => server.request('acme', 'POST', `/join/${code}`, { ...(session ? { session } : {}), body: { name: 'Ann Guest', password: '135790' } });
    const colleagueGrant = (await join(colleague)).body as Grant;
    const guestGrant = (await join()).body as Grant;
    const colleagueOnNode = await joinOnNode(colleagueGrant);
    await joinOnNode(guestGrant);
    // The node's events would say they are in; the test tells the portal itself.
    await applyMediaEvents(
      server.database,
      'media',
      [colleagueGrant, guestGrant].map((grant, n) => ({ key: `in-${n}`, node: 'janus', at: Date.now(), meetingId: id, type: 'participant.joined' as const, participant: parseOpaqueId(grant.opaqueId)!.participant, display: grant.display })),
    );
    const [session] = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, id)));
    const people = async () => (await server.request('acme', 'GET', `/live-meetings/${session!.id}/participants`, { session: admins.acme })).body.items as { id: string; email: string | null }[];
    const colleagueRow = (await people()).find((person) => person.email === userEmail('acme', 'accountadmin'))!;
    const publishers = async () => (await media.roomState(colleagueGrant.roomId)).handles.filter((handle) => handle.role === 'publisher' && handle.participantId !== null).map((handle) => handle.opaqueId);
    expect(await publishers()).toEqual(expect.arrayContaining([colleagueGrant.opaqueId, guestGrant.opaqueId]));
    await colleagueOnNode.poll(); // what joining said, so the next poll hears what comes after

    const remove = (tenant: Tenant, as: TestSession, participantId: string, block: boolean) =>
      server.request(tenant, 'POST', `/live-meetings/${session!.id}/participants/${participantId}/removal`, { session: as, body: { block } });
    expect((await remove('acme', host, colleagueRow.id, true)).status).toBe(403);
    expect((await remove('globex', admins.globex, colleagueRow.id, true)).status).toBe(404);
    expect((await server.request('acme', 'POST', `/live-meetings/${session!.id}/participants/${colleagueRow.id}/removal`, { session: admins.acme, body: { block: 'yes' } })).status).toBe(400);

    const removed = await remove('acme', admins.acme, colleagueRow.id, true);
    expect(removed.status, removed.text).toBe(204);
    expect(await publishers()).toEqual([guestGrant.opaqueId]);
    // Their page hears it (the token still works for a moment, so it can), then the token goes.
    await colleagueOnNode.poll();
    expect(colleagueOnNode.heard).toContainEqual(expect.objectContaining({ plugindata: expect.objectContaining({ data: expect.objectContaining({ videoroom: 'event', leaving: 'ok', reason: 'kicked' }) }) }));
    expect((await people()).map((person) => person.id)).not.toContain(colleagueRow.id);
    expect(await colleagueOnNode.tokenWorks()).toBe(true);
    now += removalRevokeDelayMs + 1_000;
    await server.app.jobs.runDue();
    expect(await colleagueOnNode.tokenWorks()).toBe(false);
    // Barred from this run, even with a fresh grant asked for.
    const again = await join(colleague);
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('removed_from_meeting');
    // Removing someone who is no longer in is 404.
    expect((await remove('acme', admins.acme, colleagueRow.id, false)).status).toBe(404);

    const [delivery] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'participant.removed')));
    const adminId = (await server.request('acme', 'GET', '/me', { session: admins.acme })).body.id;
    expect(delivery?.payload).toMatchObject({ data: { sessionId: session!.id, participant: parseOpaqueId(colleagueGrant.opaqueId)!.participant, blocked: true, removedBy: { kind: 'administrator', userId: adminId } } });
    expect(await auditOf('acme', session!.id)).toEqual([expect.objectContaining({ action: 'update', actorUserId: adminId })]);

    // The next run of the meeting bars nobody.
    expect((await server.request('acme', 'DELETE', `/meetings/${id}/room`, { session: host })).status).toBe(204);
    expect((await server.request('acme', 'PUT', `/meetings/${id}/room`, { session: host })).status).toBe(200);
    expect((await join(colleague)).status).toBe(200);
  });

  it('lets the tenant administrator lock a running meeting against newcomers, and open it again', async () => {
    const host = await server.login('acme', userEmail('acme', 'member'));
    const created = await server.request('acme', 'POST', '/meetings', { session: host, body: meetingBody({ topic: 'Locked run', password: '135790', options: platformMeetingOptions }) });
    const { id, meetingId: code } = created.body as { id: string; meetingId: string };
    expect((await server.request('acme', 'PUT', `/meetings/${id}/room`, { session: host })).status).toBe(200);
    const [session] = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, id)));
    const lock = (tenant: Tenant, as: TestSession, body: unknown, sessionId = session!.id) => server.request(tenant, 'PUT', `/live-meetings/${sessionId}/lock`, { session: as, body });
    const guestJoins = () => server.request('acme', 'POST', `/join/${code}`, { body: { name: 'Late Larry', password: '135790' } });
    const listed = async () => {
      const list = await server.request('acme', 'GET', '/live-meetings', { session: admins.acme });
      server.expectMatchesSpec('currentMeetings', 200, list.body);
      return (list.body.items as { id: string; locked: boolean }[]).find((item) => item.id === session!.id)?.locked;
    };

    expect((await lock('acme', host, { locked: true })).status).toBe(403);
    expect((await lock('globex', admins.globex, { locked: true })).status).toBe(404);
    expect((await lock('acme', admins.acme, { locked: 'yes' })).status).toBe(400);
    expect(await listed()).toBe(false);

    expect((await lock('acme', admins.acme, { locked: true })).status).toBe(204);
    expect(await listed()).toBe(true);
    const refused = await guestJoins();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('meeting_locked');
    expect((await server.request('acme', 'POST', `/join/${code}`, { session: host, body: {} })).status).toBe(200);

    expect((await lock('acme', admins.acme, { locked: false })).status).toBe(204);
    expect(await listed()).toBe(false);
    expect((await guestJoins()).status).toBe(200);
    expect(await auditOf('acme', session!.id)).toEqual([
      expect.objectContaining({ action: 'update', after: expect.objectContaining({ locked: true }) }),
      expect.objectContaining({ action: 'update', after: expect.objectContaining({ locked: false }) }),
    ]);

    // Locked again, the next run of the meeting is open all the same.
    expect((await lock('acme', admins.acme, { locked: true })).status).toBe(204);
    expect((await server.request('acme', 'DELETE', `/meetings/${id}/room`, { session: host })).status).toBe(204);
    expect((await server.request('acme', 'PUT', `/meetings/${id}/room`, { session: host })).status).toBe(200);
    expect((await guestJoins()).status).toBe(200);
    // An ended run cannot be locked.
    const again = await lock('acme', admins.acme, { locked: true });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('meeting_not_running');
  });
});
