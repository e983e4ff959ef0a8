// An administrator ends a running meeting from Live meetings (endLiveMeeting, issue 33 section 1),
// over real HTTP on a real Janus (local, 127.0.0.1 only): the tenant administrator ends acme's
// meeting, whose room is then gone on the node and from the live list; the meeting.ended webhook
// and the audit log say who ended it. A member may not (403), another tenant's administrator does
// not see it (404), the super administrator ends any tenant's; a simulated session ends alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, meetingRooms, meetingSessions, webhookDeliveries } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/index.ts';
import { findJanusBinary, startLocalJanus } from '../src/media/local-janus.ts';
import type { MediaPlatform } from '../src/media/platform.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const janusBinary = findJanusBinary();
if (!janusBinary) console.warn('live-end.test.ts skipped: the `janus` binary is not installed');

type Tenant = 'acme' | 'globex';

describe.skipIf(!janusBinary)('ending a live meeting from Live meetings', () => {
  let dir: string;
  let media: MediaPlatform;
  let server: TestServer;
  let superadmin: TestSession;
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
    server = await startTestServer({ media });
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
});
