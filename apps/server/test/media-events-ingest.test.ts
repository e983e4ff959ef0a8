// The media events ingest (ingestMediaEvents): a node posts what Janus's sample event handler
// sends, authenticated per node with HTTP Basic; posts are applied whole, duplicates change
// nothing, order does not matter, bad credentials and malformed bodies are refused (401, 400),
// nothing applied, and counted for the node; events of unknown meetings are ignored and counted.
import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaEvents, mediaNodes, meetingParticipants, meetingSessions } from '../src/kernel/db/schema.ts';
import { unconfiguredMedia } from '../src/media/platform.ts';
import { buildApp } from '../src/app/app.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { addMeeting, meetingBody, placeRoom } from './meetings-fixtures.ts';

const placeholder = '5eed0000-0000-4000-8000-00000000feed';
const sampleText = readFileSync(new URL('./fixtures/janus-events.json', import.meta.url), 'utf8');
/** The recorded sample, its events naming `meetingId`. */
const sampleFor = (meetingId: string) => JSON.parse(sampleText.replaceAll(placeholder, meetingId)) as Record<string, unknown>[];

const node = { name: 'janus-test', secret: 'events-Secret-1' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('media events ingest', () => {
  let server: TestServer;
  let acme: string;

  beforeAll(async () => {
    server = await startTestServer({ media: { ...unconfiguredMedia, eventSenders: async () => [{ node: node.name, secret: node.secret }] } });
    acme = server.ids.tenants.acme;
  });
  afterAll(() => server?.close());

  /** Posts at the platform's own address, as the local Janus does (127.0.0.1: no tenant label). */
  const post = (body: unknown, options: { auth?: string | null; raw?: string } = {}) =>
    server.request('system', 'POST', '/media/events', {
      host: `127.0.0.1:${server.port}`,
      ...(options.raw !== undefined ? { rawBody: options.raw, contentType: 'application/json' } : { body }),
      headers: options.auth === null ? {} : { authorization: options.auth ?? basic(node.name, node.secret) },
    });

  /** A meeting whose room the portal placed on `on` (the test's node by default). */
  const newMeeting = async (on: string | null = node.name, tenant = 'acme') => {
    const member = await server.login(tenant, userEmail(tenant, 'member'));
    const { id } = await addMeeting(server, tenant, member, meetingBody({ topic: 'Janus meeting' }));
    if (on) await placeRoom(server, tenant, id, on);
    return id;
  };

  const counters = async (name: string) => {
    const [row] = await server.database.withPlatform((tx) => tx.select().from(mediaNodes).where(eq(mediaNodes.name, name)));
    return { accepted: row?.accepted ?? 0, refused: row?.refused ?? 0 };
  };

  async function rowsOf(meetingId: string) {
    return server.database.withTenant(acme, async (tx) => {
      const sessions = await tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meetingId));
      const sessionIds = sessions.map((session) => session.id);
      const people = sessionIds.length === 0 ? [] : await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, sessionIds[0]!)).orderBy(asc(meetingParticipants.participantKey));
      const log = sessionIds.length === 0 ? [] : await tx.select({ key: mediaEvents.eventKey }).from(mediaEvents).where(eq(mediaEvents.sessionId, sessionIds[0]!));
      return { sessions: sessions.map(({ id: _id, ...rest }) => rest), people: people.map(({ id: _id, sessionId: _s, ...rest }) => rest), events: log.length };
    });
  }

  it('applies a post of the sample event handler and counts it for the node', async () => {
    const meetingId = await newMeeting();
    const before = await counters(node.name);
    const sample = sampleFor(meetingId);
    const res = await post(sample);
    expect(res.status, res.text).toBe(200);
    // 32 Janus events: 11 say something (the screen share twice: shared, camera off), 21 nothing.
    expect(res.body).toEqual({ applied: 12, duplicates: 0, ignored: 21 });
    const { sessions, people, events } = await rowsOf(meetingId);
    expect(events).toBe(12);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ node: node.name, source: 'media', video: true, screenShare: true, participants: 2 });
    const [alice, bob] = people;
    expect(alice).toMatchObject({ displayName: 'Alice', audioCodec: 'opus', videoCodec: 'vp8', client: { ip: '127.0.0.1' }, packetLoss: 5, rttMs: 42, leftAt: new Date(1795524579000) });
    expect(bob).toMatchObject({ displayName: 'Bob', samples: 2, leftAt: new Date(1795524578540), micOn: false, cameraOn: false });
    expect(await counters(node.name)).toEqual({ accepted: before.accepted + sample.length, refused: before.refused });
  });

  it('changes nothing when the same post comes twice', async () => {
    const meetingId = await newMeeting();
    const sample = sampleFor(meetingId);
    expect((await post(sample)).body.applied).toBe(12);
    const rows = await rowsOf(meetingId);
    const again = await post(sample);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ applied: 0, duplicates: 12, ignored: 21 });
    expect(await rowsOf(meetingId)).toEqual(rows);
  });

  // Two meetings' events have different keys, which break ties of the same millisecond differently:
  // the fixture's samples of one handle are a millisecond apart, so "the latest" is the same in both.
  it('gives the same rows whatever order the posts and their events come in', async () => {
    const inOrder = await newMeeting();
    expect((await post(sampleFor(inOrder))).status).toBe(200);
    const shuffled = await newMeeting();
    const events = sampleFor(shuffled);
    // Janus's event handler queue: the second half arrives first, each post reversed; then one event alone.
    const half = Math.floor(events.length / 2);
    expect((await post(events.slice(half, -1).reverse())).status).toBe(200);
    expect((await post(events.slice(0, half).reverse())).status).toBe(200);
    expect((await post(events.at(-1))).status).toBe(200);
    const strip = (rows: Awaited<ReturnType<typeof rowsOf>>) => ({ ...rows, sessions: rows.sessions.map(({ meetingId: _m, code: _c, ...rest }) => rest) });
    expect(strip(await rowsOf(shuffled))).toEqual(strip(await rowsOf(inOrder)));
  });

  it('refuses bad or missing credentials (401), applies nothing and counts the refusal', async () => {
    const meetingId = await newMeeting();
    const sample = sampleFor(meetingId);
    const known = await counters(node.name);
    const unknown = await counters('unknown');
    const wrongSecret = await post(sample, { auth: basic(node.name, 'not-the-secret') });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.headers['www-authenticate']).toMatch(/^Basic /);
    expect(wrongSecret.body.code).toBe('unauthenticated');
    expect((await post(sample, { auth: basic('janus-other', node.secret) })).status).toBe(401);
    expect((await post(sample, { auth: null })).status).toBe(401);
    expect((await post(sample, { auth: 'Bearer x' })).status).toBe(401);
    expect((await rowsOf(meetingId)).sessions).toEqual([]);
    expect(await counters(node.name)).toEqual({ accepted: known.accepted, refused: known.refused + 1 });
    expect(await counters('unknown')).toEqual({ accepted: 0, refused: unknown.refused + 3 });
  });

  it('refuses a malformed body or an event of the wrong shape (400) and applies none of the post', async () => {
    const meetingId = await newMeeting();
    const sample = sampleFor(meetingId);
    const before = await counters(node.name);
    const unreadable = await post(undefined, { raw: '[{"type": 64, "timestamp": 1' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.code).toBe('validation_failed');
    const wrongType = await post([...sample, { type: 'plugin', timestamp: 1 }]);
    expect(wrongType.status).toBe(400);
    expect((await post([...sample, { type: 64 }])).status).toBe(400);
    expect((await post('hello')).status).toBe(400);
    expect((await rowsOf(meetingId)).sessions).toEqual([]);
    const after = await counters(node.name);
    expect(after.accepted).toBe(before.accepted);
    expect(after.refused).toBe(before.refused + 1 + (sample.length + 1) * 2 + 1);
  });

  it('ignores and counts events of a meeting the portal does not know', async () => {
    const sample = sampleFor('00000000-0000-4000-8000-000000000000');
    const res = await post(sample);
    expect(res.status).toBe(200);
    // The 21 that say nothing, and the 12 portal events of the unknown meeting.
    expect(res.body).toEqual({ applied: 0, duplicates: 0, ignored: 21 + 12 });
  });

  it('refuses and counts what a node says about meetings the portal did not place on it (issue 32 point 11)', async () => {
    // Another tenant's meeting that runs on another node, and one never started anywhere: the
    // node's credentials are good for its own rooms only.
    const elsewhere = await newMeeting('janus-other', 'globex');
    const neverStarted = await newMeeting(null);
    const placed = await newMeeting();
    const before = await counters(node.name);
    const res = await post([...sampleFor(elsewhere), ...sampleFor(neverStarted).map((event) => ({ ...event, timestamp: (event.timestamp as number) + 1 })), ...sampleFor(placed).map((event) => ({ ...event, timestamp: (event.timestamp as number) + 2 }))]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.applied).toBe(12);
    expect((await rowsOf(neverStarted)).sessions).toEqual([]);
    const globex = await server.database.withTenant(server.ids.tenants.globex, (tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, elsewhere)));
    expect(globex).toEqual([]);
    expect((await rowsOf(placed)).sessions).toHaveLength(1);
    expect(await counters(node.name)).toEqual({ accepted: before.accepted + 96, refused: before.refused + 24 });
  });

  it('takes a big batch beyond the server-wide body limit, up to its own (16 MB)', async () => {
    const transport = { emitter: node.name, type: 128, event: { transport: 'janus.transport.http', id: '1', data: { event: 'request', admin_api: false, ip: '127.0.0.1', port: 50000 } } };
    const big = Array.from({ length: 12_000 }, (_, i) => ({ ...transport, timestamp: 1_795_524_567_240_959 + i }));
    const res = await post(big);
    expect(JSON.stringify(big).length).toBeGreaterThan(2 * 1024 * 1024);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ applied: 0, duplicates: 0, ignored: big.length });
    const before = await counters(node.name);
    const tooBig = await post(undefined, { raw: `[${'{"type":128,"timestamp":1},'.repeat(640_000)}{"type":128,"timestamp":1}]` });
    expect(tooBig.status).toBe(413);
    expect(await counters(node.name)).toEqual({ accepted: before.accepted, refused: before.refused + 1 });
  });

  it('translates a node\'s posts the same when they reach different replicas', async () => {
    // Two replicas on one database: the post with the handles' joins reaches one, the post with
    // their hang-ups and statistics the other (a balancer, or competing broker consumers). What a
    // handle is (publisher or subscriber) must be known to both, or nobody would ever leave.
    const other = await buildApp({ config: server.config, database: server.database, logger: false, media: { ...unconfiguredMedia, eventSenders: async () => [{ node: node.name, secret: node.secret }] } });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const split = await newMeeting();
      const whole = await newMeeting();
      const sample = sampleFor(split);
      const address = other.server.address();
      const otherPort = typeof address === 'object' && address ? address.port : 0;
      const first = await post(sample.slice(0, 19));
      expect(first.status, first.text).toBe(200);
      const second = await fetch(`http://127.0.0.1:${otherPort}/api/v1/media/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basic(node.name, node.secret) },
        body: JSON.stringify(sample.slice(19)),
      });
      expect(second.status, await second.clone().text()).toBe(200);
      expect((await post(sampleFor(whole))).status).toBe(200);
      const [apart, together] = [await rowsOf(split), await rowsOf(whole)];
      expect(apart.people.map(({ leftAt, samples, displayName }) => ({ leftAt, samples, displayName }))).toEqual(
        together.people.map(({ leftAt, samples, displayName }) => ({ leftAt, samples, displayName })),
      );
      expect(apart.people.every((person) => person.leftAt !== null)).toBe(true);
      expect(apart.events).toBe(together.events);
    } finally {
      await other.close();
    }
  });

  it('answers at a tenant host too: the ingest is platform-level', async () => {
    const meetingId = await newMeeting();
    const res = await server.request('globex', 'POST', '/media/events', { body: sampleFor(meetingId).slice(0, 7), headers: { authorization: basic(node.name, node.secret) } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.applied).toBe(2);
  });
});
