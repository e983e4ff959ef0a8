// A real local Janus posting its events to the server's ingest (its sample event handler, as
// `npm start` configures it), or publishing them to a real RabbitMQ the server consumes (AMQP_URL),
// without media, so it runs anywhere Janus is installed: a guest's client
// joins the room as a publisher with its grant and later goes away; the server hears both through
// the ingest, authenticated as the node, and knows nothing of the portal's own handle. (The meeting
// with media, codecs and statistics is test/media/meeting-browser.test.ts, in the loopback namespace.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaNodes, meetingParticipants, meetingSessions } from '../src/kernel/db/schema.ts';
import { parseOpaqueId } from '../src/live/events.ts';
import { findJanusBinary, freeLoopbackPort, startLocalJanus } from '../src/media/local-janus.ts';
import type { MediaPlatform } from '../src/media/platform.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { meetingBody } from './meetings-fixtures.ts';
import { rabbitmqInstalled, startTestBroker, type TestBroker } from './rabbitmq.ts';

const janusBinary = findJanusBinary();
if (!janusBinary) console.warn('media-events-janus.test.ts skipped: the `janus` binary is not installed');

const transports = [
  { name: 'the ingest (HTTP)', broker: false },
  { name: 'the broker (RabbitMQ)', broker: true },
].filter((transport) => !transport.broker || rabbitmqInstalled);

describe.skipIf(!janusBinary).each(transports)('Janus events through $name', ({ broker: throughBroker }) => {
  let dir: string;
  let media: MediaPlatform;
  let server: TestServer;
  let broker: TestBroker | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-janus-events-'));
    const port = await freeLoopbackPort();
    broker = throughBroker ? await startTestBroker() : null;
    const settings = broker ? { url: broker.url, queue: 'portal.media-events' } : null;
    media = await startLocalJanus({ dir, iceEnforceList: 'lo', ...(settings ? { eventsBroker: settings } : { eventsUrl: `http://127.0.0.1:${port}/api/v1/media/events` }) });
    server = await startTestServer({ media, config: { port, media: { ...loadConfig({}).media, broker: settings } } });
    // Through the broker the queue is the server's to declare: what Janus published before it existed went nowhere.
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hears a guest join as a publisher and leave, from the node itself', async () => {
    const host = await server.login('acme', userEmail('acme', 'member'));
    const created = await server.request('acme', 'POST', '/meetings', { session: host, body: meetingBody({ topic: 'Heard from Janus', password: '135790', options: platformMeetingOptions }) });
    expect(created.status, created.text).toBe(201);
    const { id, meetingId: code } = created.body as { id: string; meetingId: string };
    expect((await server.request('acme', 'PUT', `/meetings/${id}/room`, { session: host })).status).toBe(200);
    const grant = (await server.request('acme', 'POST', `/join/${code}`, { body: { name: 'Ann Guest', password: '135790' } })).body;

    // What janus.js does, without media: a session, a handle that joins the room as a publisher.
    const janus = async (path: string, body: Record<string, unknown>) => {
      const reply = await fetch(`${grant.serverUrl}${path}`, { method: 'POST', body: JSON.stringify({ transaction: 't', token: grant.token, ...body }) });
      return (await reply.json()) as { janus: string; data?: { id: number } };
    };
    const session = (await janus('', { janus: 'create' })).data!.id;
    const handle = (await janus(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', opaque_id: grant.opaqueId })).data!.id;
    await janus(`/${session}/${handle}`, { janus: 'message', body: { request: 'join', ptype: 'publisher', room: grant.roomId, pin: grant.pin, display: 'Ann Guest', token: grant.token } });

    const participant = parseOpaqueId(grant.opaqueId)!.participant;
    const guest = async () => {
      const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
        tx
          .select({ displayName: meetingParticipants.displayName, leftAt: meetingParticipants.leftAt, node: meetingSessions.node })
          .from(meetingParticipants)
          .innerJoin(meetingSessions, eq(meetingSessions.id, meetingParticipants.sessionId))
          .where(and(eq(meetingSessions.meetingId, id), isNull(meetingSessions.endedAt), eq(meetingParticipants.participantKey, participant))),
      );
      return row ?? null;
    };
    await expect.poll(guest, { timeout: 10_000, interval: 200 }).toMatchObject({ displayName: 'Ann Guest', leftAt: null, node: 'portal-local-janus' });

    // The client goes away: its handle detaches.
    await fetch(`${grant.serverUrl}/${session}/${handle}`, { method: 'POST', body: JSON.stringify({ janus: 'detach', transaction: 't', token: grant.token }) });
    await expect.poll(async () => (await guest())?.leftAt ?? null, { timeout: 10_000, interval: 200 }).toBeInstanceOf(Date);

    const [node] = await server.database.withPlatform((tx) => tx.select().from(mediaNodes).where(eq(mediaNodes.name, 'portal-local-janus')));
    expect(node!.accepted).toBeGreaterThan(0);
    expect(node!.refused).toBe(0);
    expect(node!.lastEventAt).toBeInstanceOf(Date);
  });
});
