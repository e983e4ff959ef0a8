// The media events ingest (ingestMediaEvents, POST /media/events): what a media node's event handler
// posts comes in here. Platform-level: it answers at any host, and the node authenticates with
// HTTP Basic (its name, its events secret) before the body is even read. A post is checked whole
// (a malformed one is refused, nothing applied), translated at the edge (janus-events.ts) and
// applied per tenant in one transaction (src/live/apply.ts: duplicates ignored, any order). What the
// translator remembers of a node's handles is in the database (handle-memory.ts), not in this process.
// Every post is counted for its node in `media_nodes`: events accepted, and refused ones (bad
// credentials under `unknown` unless they name a node, malformed bodies, bodies too large).
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../kernel/db/database.ts';
import { mediaNodes, meetingRooms, meetings, meetingSessions } from '../kernel/db/schema.ts';
import { isUuid } from '../kernel/db/keyset.ts';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { fieldError, ProblemError } from '../kernel/http/problem.ts';
import { applyMediaEvents } from '../live/index.ts';
import { isJanusEvent, nodeStartedAt, publisherOnAir, type JanusEvent } from './janus-events.ts';
import { translateWithStoredMemory } from './handle-memory.ts';
import type { MediaEventSender, PublisherOnAir } from './platform.ts';
import { present } from '../kernel/db/present.ts';
import { sameSecret } from '../kernel/crypto/digest.ts';
import { countMediaEvents, observeLag, type MediaTransport } from './metrics.ts';

export const ingestOperation = 'ingestMediaEvents';

/** The node a request authenticated as, or the node its credentials named (for counting refusals). */
const nodeOf = new WeakMap<FastifyRequest, { node: string; authenticated: boolean }>();

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
  if (!given || !sender || sender.secret === null || !sameSecret(given.password, sender.secret)) {
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
    countMediaEvents('http', 'refused', events);
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

export type IngestResult = { applied: number; duplicates: number; ignored: number };

/**
 * Of the meetings a node's events name, those the portal placed on that node: its room runs
 * there, or one of its runs ran there (the node's late goodbyes after the room closed). A node's
 * credentials are good for its own rooms only: what it says about any other meeting (another
 * tenant's, or one never started) is refused and counted.
 */
async function placedOn(database: AppDatabase, node: string, meetingIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(meetingIds)].filter(isUuid);
  if (ids.length === 0) return new Set();
  const rows = await database.withPlatform((tx) =>
    tx
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          inArray(meetings.id, ids),
          or(
            exists(tx.select({ one: sql`1` }).from(meetingRooms).where(and(eq(meetingRooms.meetingId, meetings.id), eq(meetingRooms.node, node)))),
            exists(tx.select({ one: sql`1` }).from(meetingSessions).where(and(eq(meetingSessions.meetingId, meetings.id), eq(meetingSessions.node, node), eq(meetingSessions.source, 'media')))),
          ),
        ),
      ),
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * One post of a node's events, however it came (HTTP or the broker): translated with the node's
 * stored handle memory, applied, then what the rest of the portal hears of it. Safe to run again
 * for the same post (a redelivery): nothing is applied twice.
 */
export async function ingestJanusPost(server: FastifyInstance, node: string, janusEvents: JanusEvent[], listeners: MediaModelListeners, transport: MediaTransport): Promise<IngestResult> {
  observeLag(transport, janusEvents, Date.now());
  const translation = await translateWithStoredMemory(server.database, janusEvents, node);
  const onAir = janusEvents.flatMap((raw) => publisherOnAir(raw, node) ?? []);
  const placed = await placedOn(server.database, node, [...translation.events, ...onAir].map((event) => event.meetingId));
  const events = translation.events.filter((event) => placed.has(event.meetingId));
  const applied = await applyMediaEvents(server.database, 'media', events, server.liveBus);
  await listeners.publishersOnAir(server, onAir.filter((publisher) => placed.has(publisher.meetingId)));
  const started = janusEvents.map(nodeStartedAt).filter((at) => at !== null);
  const startedAt = started.length > 0 ? Math.max(...started) : null;
  if (startedAt !== null && (await claimRestart(server.database, node, startedAt))) await listeners.nodeRestarted(server, node, startedAt);
  const refused = translation.events.length - events.length;
  if (refused > 0) server.log.warn({ node, refused }, 'media node reported meetings the portal did not place on it; refused');
  await countForNode(server.database, node, { accepted: janusEvents.length, refused });
  countMediaEvents(transport, 'applied', applied.applied);
  countMediaEvents(transport, 'duplicate', applied.duplicates);
  countMediaEvents(transport, 'ignored', translation.ignored + applied.unknownMeeting);
  countMediaEvents(transport, 'refused', refused);
  return { applied: applied.applied, duplicates: applied.duplicates, ignored: translation.ignored + applied.unknownMeeting + refused };
}

export function mediaEventsHandlers(listeners: MediaModelListeners) {
  async function ingestMediaEvents(request: FastifyRequest) {
    const sender = nodeOf.get(request);
    if (!sender?.authenticated) throw unauthenticated();
    const body: unknown = request.body;
    const raws: unknown[] = Array.isArray(body) ? body : [body];
    const wrong = raws.findIndex((raw) => !isJanusEvent(raw));
    if (wrong >= 0) throw fieldError(Array.isArray(body) ? `body[${wrong}]` : 'body', 'invalid_value', 'Not an event of the sample event handler');
    return ingestJanusPost(request.server, sender.node, raws.filter(isJanusEvent), listeners, 'http');
  }
  return { ingestMediaEvents } satisfies OperationHandlers;
}
