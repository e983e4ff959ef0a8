// Media events through a broker (RabbitMQ, AMQP 0-9-1): with AMQP_URL set, each media node's
// RabbitMQ event handler publishes its events to one durable queue, and every server replica
// consumes that queue as a competing consumer. A message is acknowledged only after the
// transactions that applied it committed, so a replica dying mid-way leaves it to be delivered
// again, to another replica; applying is idempotent per event (src/live/apply.ts keys every event),
// so a redelivery changes nothing. Messages of one node may be handled by two replicas at once:
// their translation is serialised per node (handle-memory.ts) and applying does not depend on
// order, so the rows come out as if the node's events had been applied one after another.
//
// The queue is a quorum queue: its messages are kept on disk whatever the publisher asked, so a
// broker restart loses none that were queued. (Janus's handler does not buffer while the broker is
// unreachable: what a node emits during a broker outage is lost at the node; README, Running at scale.)
//
// Who sent a message: the events' `emitter` (the node's Janus `server_name`), which must be a node
// the portal knows. Anyone allowed to publish to the queue can name any node, so the broker's
// credentials are the trust boundary: give publish rights to the media nodes only.
import { connect, type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { FastifyInstance } from 'fastify';
import { countForNode, ingestJanusPost, type MediaModelListeners } from './events-ingest.ts';
import { isJanusEvent, type JanusEvent } from './janus-events.ts';
import { countMediaEvents } from './metrics.ts';

export type BrokerSettings = { url: string; queue: string };

export type BrokerConsumer = {
  /** Resolves once the queue is declared and consumed (the first connection). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

/** Messages a replica holds unacknowledged (applying one, the others fetched); more wait in the queue for whichever replica is free. */
const prefetch = 32;
/** After losing the broker, or failing to apply a message, wait this long before trying again. */
const retryMs = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Declares the queue as the consumers and the nodes expect it (idempotent, any replica may do it first). */
export async function declareEventsQueue(channel: Channel, queue: string): Promise<void> {
  await channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
}

/** The events of a message by the node that sent them, or why it is refused. */
function eventsOf(content: Buffer): { byNode: Map<string, JanusEvent[]> } | { refused: string; count: number } {
  let body: unknown;
  try {
    body = JSON.parse(content.toString('utf8'));
  } catch {
    return { refused: 'unknown', count: 1 };
  }
  const raws: unknown[] = Array.isArray(body) ? body : [body];
  if (raws.length === 0 || !raws.every(isJanusEvent)) return { refused: 'unknown', count: Math.max(raws.length, 1) };
  const byNode = new Map<string, JanusEvent[]>();
  for (const raw of raws) {
    const node = typeof raw.emitter === 'string' && raw.emitter !== '' ? raw.emitter : 'unknown';
    byNode.set(node, [...(byNode.get(node) ?? []), raw]);
  }
  return { byNode };
}

export function consumeMediaEvents(app: FastifyInstance, settings: BrokerSettings, listeners: MediaModelListeners): BrokerConsumer {
  const log = app.log.child({ broker: settings.queue });
  let closing = false;
  let connection: ChannelModel | null = null;
  let firstReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (firstReady = resolve));
  // Messages are applied one after another in this replica (the next one already fetched), not
  // side by side: a node's messages touch the same rows, and applying them at once only made them
  // wait for each other's locks (measured: bench/media-broker.bench.ts). Other replicas take others.
  let tail: Promise<void> = Promise.resolve();

  async function handle(channel: Channel, message: ConsumeMessage): Promise<void> {
    const parsed = eventsOf(message.content);
    if ('refused' in parsed) {
      // A message that can never apply is dropped (and counted), not redelivered for ever.
      await countForNode(app.database, parsed.refused, { refused: parsed.count });
      countMediaEvents('amqp', 'refused', parsed.count);
      channel.ack(message);
      return;
    }
    const known = new Set(((await app.media.eventSenders?.()) ?? []).map((sender) => sender.node));
    for (;;) {
      try {
        for (const [node, events] of parsed.byNode) {
          if (known.has(node)) await ingestJanusPost(app, node, events, listeners, 'amqp');
          else {
            await countForNode(app.database, node, { refused: events.length });
            countMediaEvents('amqp', 'refused', events.length);
          }
        }
        channel.ack(message);
        return;
      } catch (error) {
        // The database is away, most likely: keep the message, try again; it is idempotent.
        log.warn({ err: error }, 'media events from the broker not applied yet; retrying');
        if (closing) return;
        await sleep(retryMs);
      }
    }
  }

  async function open(): Promise<void> {
    const url = new URL(settings.url);
    // A broker gone without a word (its host died) is noticed within a few seconds, not minutes.
    if (!url.searchParams.has('heartbeat')) url.searchParams.set('heartbeat', '5');
    const opened = await connect(url.toString());
    connection = opened;
    opened.on('error', (error: unknown) => log.warn({ err: error }, 'broker connection error'));
    opened.on('close', () => {
      connection = null;
      if (!closing) void reconnect();
    });
    const channel = await opened.createChannel();
    await declareEventsQueue(channel, settings.queue);
    await channel.prefetch(prefetch);
    await channel.consume(
      settings.queue,
      (message) => {
        if (!message) return; // the broker cancelled us (queue deleted): the close that follows reconnects
        tail = tail.then(() => handle(channel, message)).catch((error: unknown) => log.warn({ err: error }, 'media event message not handled; the broker delivers it again'));
      },
      { noAck: false },
    );
    log.info({}, 'consuming media events from the broker');
    firstReady();
  }

  async function reconnect(): Promise<void> {
    while (!closing) {
      try {
        await open();
        return;
      } catch (error) {
        log.warn({ err: error }, 'broker unreachable; trying again');
        await sleep(retryMs);
      }
    }
  }

  void reconnect();
  return {
    ready: () => ready,
    close: async () => {
      closing = true;
      await tail;
      await connection?.close().catch(() => undefined);
    },
  };
}
