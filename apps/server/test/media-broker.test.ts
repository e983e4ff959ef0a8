// Media events through RabbitMQ (AMQP_URL; src/media/broker.ts), against a real broker: what a node
// publishes is applied and acknowledged; a message delivered twice changes nothing; two replicas
// share the queue and apply every message once; messages from an unknown node or malformed ones are
// counted and dropped, not redelivered for ever; a broker restart loses nothing that was queued,
// and the consumers come back by themselves.
import { readFileSync } from 'node:fs';
import { connect, type Channel, type ChannelModel } from 'amqplib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { mediaEvents, mediaNodes, meetingParticipants, meetingSessions } from '../src/kernel/db/schema.ts';
import { declareEventsQueue } from '../src/media/broker.ts';
import { unconfiguredMedia } from '../src/media/platform.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { addMeeting, meetingBody, placeRoom } from './meetings-fixtures.ts';
import { rabbitmqInstalled, startTestBroker, type TestBroker } from './rabbitmq.ts';

const placeholder = '5eed0000-0000-4000-8000-00000000feed';
const sampleText = readFileSync(new URL('./fixtures/janus-events.json', import.meta.url), 'utf8');
const node = 'janus-broker-1';
/** The recorded sample as `node` would publish it, its events naming `meetingId`. */
const sampleFor = (meetingId: string, emitter = node) =>
  (JSON.parse(sampleText.replaceAll(placeholder, meetingId)) as Record<string, unknown>[]).map((event) => ({ ...event, emitter }));
const queue = 'portal.media-events';
const media = { ...unconfiguredMedia, eventSenders: async () => [{ node, secret: null }] };

if (!rabbitmqInstalled) console.warn('media-broker.test.ts skipped: rabbitmq-server is not installed');

describe.skipIf(!rabbitmqInstalled)('media events through the broker', () => {
  let broker: TestBroker;
  let server: TestServer;
  let publisher: ChannelModel;
  let channel: Channel;

  const settings = () => ({ media: { ...loadConfig({}).media, broker: { url: broker.url, queue } } });

  async function openPublisher() {
    publisher = await connect(broker.url);
    channel = await publisher.createChannel();
    // Declared as the consumers declare it (a queue checked before it exists closes the channel).
    await declareEventsQueue(channel, queue);
  }

  beforeAll(async () => {
    broker = await startTestBroker();
    server = await startTestServer({ config: settings(), media });
    await openPublisher();
  }, 60_000);

  afterAll(async () => {
    await publisher?.close().catch(() => undefined);
    await server?.close();
    await broker?.stop();
  });

  /** What Janus's RabbitMQ event handler does: the default exchange, the queue's name as routing key, JSON. */
  const publish = (body: unknown) => channel.sendToQueue(queue, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), { contentType: 'application/json' });

  let member: Awaited<ReturnType<TestServer['login']>> | null = null;
  const newMeeting = async () => {
    // Signed in once: sign-ins in parallel count against each other (the throttle counts before it checks).
    member ??= await server.login('acme', userEmail('acme', 'member'));
    const { id } = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Through the broker' }));
    await placeRoom(server, 'acme', id, node);
    return id;
  };

  async function rowsOf(meetingId: string) {
    return server.database.withTenant(server.ids.tenants.acme, async (tx) => {
      const sessions = await tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meetingId));
      const sessionId = sessions[0]?.id;
      if (!sessionId) return { sessions: 0, people: [], events: 0 };
      const people = await tx.select({ name: meetingParticipants.displayName, leftAt: meetingParticipants.leftAt, samples: meetingParticipants.samples }).from(meetingParticipants).where(eq(meetingParticipants.sessionId, sessionId));
      const log = await tx.select({ key: mediaEvents.eventKey }).from(mediaEvents).where(eq(mediaEvents.sessionId, sessionId));
      return { sessions: sessions.length, people: people.sort((a, b) => a.name.localeCompare(b.name)), events: log.length };
    });
  }

  const drained = () => expect.poll(async () => (await channel.checkQueue(queue)).messageCount, { timeout: 15_000, interval: 100 }).toBe(0);
  const counters = async (name: string) => {
    const [row] = await server.database.withPlatform((tx) => tx.select().from(mediaNodes).where(eq(mediaNodes.name, name)));
    return { accepted: row?.accepted ?? 0, refused: row?.refused ?? 0 };
  };
  const expected = { sessions: 1, events: 12, people: [expect.objectContaining({ name: 'Alice', samples: expect.any(Number) }), expect.objectContaining({ name: 'Bob' })] };

  it('applies what a node publishes and counts it for the node', async () => {
    await expect.poll(async () => (await channel.checkQueue(queue)).consumerCount, { timeout: 10_000 }).toBe(1);
    const meetingId = await newMeeting();
    const before = await counters(node);
    publish(sampleFor(meetingId));
    await expect.poll(() => rowsOf(meetingId), { timeout: 10_000, interval: 100 }).toMatchObject(expected);
    await drained();
    const { people } = await rowsOf(meetingId);
    expect(people.every((person) => person.leftAt instanceof Date)).toBe(true);
    // Counted after the apply (and the message acknowledged after both): the queue may be empty a moment before.
    await expect.poll(() => counters(node), { timeout: 5_000, interval: 100 }).toEqual({ accepted: before.accepted + 32, refused: before.refused });
  });

  it('changes nothing when the same message comes again', async () => {
    const meetingId = await newMeeting();
    publish(sampleFor(meetingId));
    await expect.poll(() => rowsOf(meetingId), { timeout: 10_000, interval: 100 }).toMatchObject(expected);
    const once = await rowsOf(meetingId);
    const before = await counters(node);
    publish(sampleFor(meetingId));
    // Handled (its 32 events counted for the node) and acknowledged.
    await expect.poll(async () => (await counters(node)).accepted, { timeout: 10_000, interval: 100 }).toBe(before.accepted + 32);
    await drained();
    expect(await rowsOf(meetingId)).toEqual(once);
  });

  it('drops and counts messages from an unknown node or that are not events, without redelivering them', async () => {
    const meetingId = await newMeeting();
    const [intruder, unknown] = [await counters('intruder'), await counters('unknown')];
    publish(sampleFor(meetingId, 'intruder'));
    publish('not json');
    publish([{ type: 'nope' }]);
    await drained();
    await expect.poll(() => counters('intruder')).toEqual({ accepted: intruder.accepted, refused: intruder.refused + 32 });
    await expect.poll(() => counters('unknown')).toEqual({ accepted: unknown.accepted, refused: unknown.refused + 2 });
    expect(await rowsOf(meetingId)).toMatchObject({ sessions: 0, events: 0 });
  });

  it('shares the queue between two replicas: every message applied once, whichever took it', async () => {
    const other: FastifyInstance = await buildApp({ config: server.config, database: server.database, logger: false, media });
    try {
      await expect.poll(async () => (await channel.checkQueue(queue)).consumerCount, { timeout: 10_000 }).toBe(2);
      const meetings = await Promise.all(Array.from({ length: 8 }, () => newMeeting()));
      // Each meeting's events in two messages, the second with the hang-ups: whichever replica takes
      // either, both know which handles were publishers (media_handles).
      for (const meetingId of meetings) {
        const sample = sampleFor(meetingId);
        publish(sample.slice(0, 19));
        publish(sample.slice(19));
      }
      await drained();
      for (const meetingId of meetings) {
        await expect.poll(() => rowsOf(meetingId), { timeout: 10_000, interval: 100 }).toMatchObject(expected);
        expect((await rowsOf(meetingId)).people.every((person) => person.leftAt instanceof Date)).toBe(true);
      }
    } finally {
      await other.close();
    }
  });

  it('loses nothing queued while the broker restarts, and consumes again after it', async () => {
    const [waiting, later] = [await newMeeting(), await newMeeting()];
    // No replica consumes while this waits: it is on the broker's disk only.
    await server.app.close();
    publish(sampleFor(waiting));
    await expect.poll(async () => (await channel.checkQueue(queue)).messageCount, { timeout: 5_000 }).toBe(1);
    await publisher.close().catch(() => undefined);
    await broker.restart();
    await openPublisher();
    expect((await channel.checkQueue(queue)).messageCount).toBe(1);
    const restarted = await buildApp({ config: server.config, database: server.database, logger: false, media });
    try {
      await expect.poll(() => rowsOf(waiting), { timeout: 15_000, interval: 100 }).toMatchObject(expected);
      // The broker restarts again under a consuming replica: it reconnects by itself.
      await publisher.close().catch(() => undefined);
      await broker.restart();
      await openPublisher();
      await expect.poll(async () => (await channel.checkQueue(queue)).consumerCount, { timeout: 20_000, interval: 200 }).toBe(1);
      publish(sampleFor(later));
      await expect.poll(() => rowsOf(later), { timeout: 15_000, interval: 100 }).toMatchObject(expected);
    } finally {
      await restarted.close();
    }
  }, 90_000);

});
