// The media events ingest (ingestMediaEvents, POST /media/events): what a media node's event handler
// posts comes in here. Platform-level: it answers at any host, and the node authenticates with
// HTTP Basic (its name, its events secret) before the body is even read. A post is checked whole
// (a malformed one is refused, nothing applied), translated at the edge (janus-events.ts) and
// applied per tenant in one transaction (src/live/apply.ts: duplicates ignored, any order).
// Every post is counted for its node in `media_nodes`: events accepted, and refused ones (bad
// credentials under `unknown` unless they name a node, malformed bodies, bodies too large).
import { timingSafeEqual, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../kernel/db/database.ts';
import { mediaNodes } from '../kernel/db/schema.ts';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { fieldError, ProblemError } from '../kernel/http/problem.ts';
import { applyMediaEvents } from '../live/index.ts';
import { createJanusTranslator, isJanusEvent, nodeStartedAt, publisherOnAir } from './janus-events.ts';
import type { MediaEventSender, PublisherOnAir } from './platform.ts';
import { present } from '../kernel/db/present.ts';

export const ingestOperation = 'ingestMediaEvents';

/** The node a request authenticated as, or the node its credentials named (for counting refusals). */
const nodeOf = new WeakMap<FastifyRequest, { node: string; authenticated: boolean }>();
const translators = new WeakMap<FastifyInstance, ReturnType<typeof createJanusTranslator>>();

const sameSecret = (given: string, expected: string) => {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
};

function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(present(match[1], 'match[1]'), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const unauthenticated = () =>
  new ProblemError(401, 'unauthenticated', { detail: "Send the media node's name and events secret (HTTP Basic)", headers: { 'www-authenticate': 'Basic realm="media events", charset="UTF-8"' } });

/** The operation gate of the ingest (src/app/routes.ts): a known node with its secret, or 401. */
export async function mediaNodeGate(request: FastifyRequest): Promise<void> {
  const given = basicCredentials(request.headers.authorization);
  const senders: MediaEventSender[] = given ? ((await request.server.media.eventSenders?.()) ?? []) : [];
  const sender = given ? senders.find((candidate) => candidate.node === given.user) : undefined;
  if (!given || !sender || !sameSecret(given.password, sender.secret)) {
    nodeOf.set(request, { node: sender?.node ?? 'unknown', authenticated: false });
    throw unauthenticated();
  }
  nodeOf.set(request, { node: sender.node, authenticated: true });
}

/** Adds to a node's counters (one statement; a node seen for the first time gets its row). */
export async function countForNode(database: AppDatabase, node: string, counts: { accepted?: number; refused?: number }): Promise<void> {
  const accepted = counts.accepted ?? 0;
  const refused = counts.refused ?? 0;
  await database.withPlatform((tx) =>
    tx
      .insert(mediaNodes)
      // When the node last posted something it was allowed to: refusals do not count as hearing from it.
      .values({ name: node, lastEventAt: accepted > 0 ? new Date() : null, accepted, refused })
      .onConflictDoUpdate({
        target: mediaNodes.name,
        set: {
          lastEventAt: sql`coalesce(excluded.last_event_at, ${mediaNodes.lastEventAt})`,
          accepted: sql`${mediaNodes.accepted} + excluded.accepted`,
          refused: sql`${mediaNodes.refused} + excluded.refused`,
        },
      }),
  );
}

/** One restart may be told twice (the node's started event is redelivered, or posted to two replicas): a start within this window of the last one acted on is the same. */
const sameRestartMs = 30_000;

/**
 * Whether the node's start at `at` (epoch milliseconds) is one the portal has not acted on yet; if so,
 * it is recorded in the same statement, so of two replicas hearing it only one goes on.
 */
export async function claimRestart(database: AppDatabase, node: string, at: number): Promise<boolean> {
  const startedAt = new Date(at);
  const claimed = await database.withPlatform((tx) =>
    tx
      .insert(mediaNodes)
      .values({ name: node, restartedAt: startedAt })
      .onConflictDoUpdate({
        target: mediaNodes.name,
        set: { restartedAt: startedAt },
        setWhere: sql`${mediaNodes.restartedAt} is null or abs(extract(epoch from (${startedAt.toISOString()}::timestamptz - ${mediaNodes.restartedAt}))) * 1000 >= ${sameRestartMs}`,
      })
      .returning({ name: mediaNodes.name }),
  );
  return claimed.length > 0;
}

/** Counts what the ingest refused before its handler ran (credentials, body unreadable, wrong shape, too large). */
export function countRefusedPosts(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (request.routeOptions.config.operation?.operationId !== ingestOperation) return;
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 400 || status >= 500) return;
    const body: unknown = request.body;
    const events = Array.isArray(body) ? Math.max(body.length, 1) : 1;
    await countForNode(request.server.database, nodeOf.get(request)?.node ?? 'unknown', { refused: events }).catch((failure: unknown) =>
      request.log.warn({ err: failure }, 'media node counters not updated'),
    );
  });
}

/**
 * What the rest of the portal hears from the media nodes beyond the applied events, in the
 * portal's own model: the roof subscribes meetings' steps here, so media never calls into
 * meetings' rules.
 */
export type MediaModelListeners = {
  /** Publishers went on air (the entry-moderation step mutes what the meeting's options ask). */
  publishersOnAir(app: FastifyInstance, onAir: readonly PublisherOnAir[]): Promise<unknown>;
  /** The node restarted at `startedAt` (epoch milliseconds): its rooms are gone (the portal's running meetings get theirs again). */
  nodeRestarted(app: FastifyInstance, node: string, startedAt: number): Promise<unknown>;
};

export function mediaEventsHandlers(listeners: MediaModelListeners) {
  async function ingestMediaEvents(request: FastifyRequest) {
    const sender = nodeOf.get(request);
    if (!sender?.authenticated) throw unauthenticated();
    const body: unknown = request.body;
    const raws: unknown[] = Array.isArray(body) ? body : [body];
    const wrong = raws.findIndex((raw) => !isJanusEvent(raw));
    if (wrong >= 0) throw fieldError(Array.isArray(body) ? `body[${wrong}]` : 'body', 'invalid_value', 'Not an event of the sample event handler');
    const { server } = request;
    let translate = translators.get(server);
    if (!translate) translators.set(server, (translate = createJanusTranslator()));
    const janusEvents = raws.filter(isJanusEvent);
    const translation = translate(janusEvents, sender.node);
    const applied = await applyMediaEvents(server.database, 'media', translation.events, server.liveBus);
    await listeners.publishersOnAir(server, janusEvents.flatMap((raw) => publisherOnAir(raw, sender.node) ?? []));
    const started = janusEvents.map(nodeStartedAt).filter((at) => at !== null);
    const startedAt = started.length > 0 ? Math.max(...started) : null;
    if (startedAt !== null && (await claimRestart(server.database, sender.node, startedAt))) await listeners.nodeRestarted(server, sender.node, startedAt);
    await countForNode(server.database, sender.node, { accepted: raws.length });
    return { applied: applied.applied, duplicates: applied.duplicates, ignored: translation.ignored + applied.unknownMeeting };
  }
  return { ingestMediaEvents } satisfies OperationHandlers;
}
