// What the live and completed meetings tests share: a server with acme and globex meetings, the
// media events of a run of a meeting (applied through the server's own live bus, as the ingest
// does), and the sessions of the administrators who read them.
import { eq } from 'drizzle-orm';
import { meetingSessions } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import type { MediaEvent } from '../src/live/events.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

export type LiveSetup = {
  server: TestServer;
  superadmin: TestSession;
  acmeAdmin: TestSession;
  acmeMember: TestSession;
  globexAdmin: TestSession;
  acmeHost: string;
  globexHost: string;
};

export async function startLiveServer(): Promise<LiveSetup> {
  const server = await startTestServer();
  return {
    server,
    superadmin: await server.login('system', userEmail('system', 'superadmin')),
    acmeAdmin: await server.login('acme', userEmail('acme', 'tenantadmin')),
    acmeMember: await server.login('acme', userEmail('acme', 'member')),
    globexAdmin: await server.login('globex', userEmail('globex', 'tenantadmin')),
    acmeHost: server.ids.users[userEmail('acme', 'member')]!,
    globexHost: server.ids.users[userEmail('globex', 'member')]!,
  };
}

/** A new meeting of the tenant's member: its id and code. */
export async function newMeeting(setup: LiveSetup, tenant: 'acme' | 'globex', topic: string): Promise<{ id: string; code: string }> {
  const session = await setup.server.login(tenant, userEmail(tenant, 'member'));
  const meeting = await addMeeting(setup.server, tenant, session, meetingBody({ topic }));
  return { id: meeting.id, code: meeting.meetingId };
}

let counter = 0;
type Spec = Omit<MediaEvent, 'key' | 'node' | 'meetingId'>;

/** Applies events (keys and node filled in) to a meeting through the server's live bus. */
export async function apply(setup: LiveSetup, meetingId: string, specs: Spec[]) {
  const events = specs.map((spec) => ({ ...spec, key: `live-test-${(counter += 1)}`, node: 'janus-1', meetingId }) as MediaEvent);
  return applyMediaEvents(setup.server.database, 'media', events, setup.server.app.liveBus);
}

export const guestKey = 'guest-11111111-2222-3333-4444-555555555555';

/** The opening of a meeting with its host (client, audio and video) and a guest sharing a screen, `at` ms epoch. */
export function openingOf(hostId: string, at: number): Spec[] {
  const s = (seconds: number) => at + seconds * 1000;
  return [
    { type: 'room.opened', at: s(0) },
    { type: 'participant.joined', at: s(1), participant: hostId, display: 'Ada Host' },
    { type: 'participant.client', at: s(2), participant: hostId, client: { os: 'Linux', osVersion: '6.1', browser: 'Chrome', browserVersion: '131', platform: 'web', network: 'wifi', ip: '127.0.0.1', camera: 'HD Webcam', mic: 'USB Mic', speaker: 'Speakers' } },
    { type: 'stream.published', at: s(3), participant: hostId, streams: [{ kind: 'audio', codec: 'opus' }, { kind: 'video', codec: 'vp8' }] },
    { type: 'participant.joined', at: s(4), participant: guestKey, display: 'Guest Bob' },
    { type: 'stream.published', at: s(5), participant: guestKey, streams: [{ kind: 'screen', codec: 'vp8' }] },
    { type: 'media.stats', at: s(6), participant: hostId, kind: 'video', codec: 'vp8', inKbps: 500, outKbps: 480, packetLoss: 1, jitterMs: 4, rttMs: 20 },
    { type: 'media.stats', at: s(8), participant: hostId, kind: 'video', codec: 'vp8', inKbps: 540, outKbps: 510, packetLoss: 3, jitterMs: 8, rttMs: 40 },
  ] as Spec[];
}

/** The session ids of a meeting, oldest first. */
export async function sessionsOf(setup: LiveSetup, tenantId: string, meetingId: string): Promise<string[]> {
  const rows = await setup.server.database.withTenant(tenantId, (tx) => tx.select({ id: meetingSessions.id }).from(meetingSessions).where(eq(meetingSessions.meetingId, meetingId)).orderBy(meetingSessions.startedAt));
  return rows.map((row) => row.id);
}
