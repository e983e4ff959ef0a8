// Server-sent events for the live screens (`streamLiveMeetings`): each open stream hears the live
// bus (src/live/bus.ts) and passes on the changes of the tenants its caller may see, scoped like
// `currentMeetings` (the platform super administrator: every tenant; anyone else: their own). The
// reply is taken over from Fastify (hijack) so nothing buffers it: no serialisation, no payload
// hooks; the security headers already set on the reply are kept. A stream ends after
// `maxStreamMs` and the browser's EventSource reconnects through the operation gate again, so a
// signed-out or revoked session stops hearing changes within minutes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { LiveChange } from './bus.ts';
import { gauge } from '../kernel/metrics.ts';

export const heartbeatMs = 15_000;
export const maxStreamMs = 5 * 60_000;
/** What the browser waits before reconnecting after the stream ended. */
const retryMs = 5_000;

const connections = gauge({ name: 'portal_sse_connections_open', help: "Live screens' event streams (server-sent events) open on this process" });

type OpenStream = { end: () => void };
const openStreams = new WeakMap<FastifyInstance, Set<OpenStream>>();

/** How many event streams of the app are open (one per open live screen). */
export const openLiveStreamCount = (app: FastifyInstance): number => openStreams.get(app)?.size ?? 0;

/** Ends every open stream of the app, so closing the server does not wait for browsers to go. */
export function endLiveStreams(app: FastifyInstance): void {
  for (const stream of openStreams.get(app) ?? []) stream.end();
}

export type StreamOptions = { tenantId: string | null; heartbeatMs?: number; maxStreamMs?: number };

/** Opens the event stream on the request's connection; `tenantId` null hears every tenant. */
export function openLiveStream(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): void {
  const { server } = request;
  reply.hijack();
  const raw = reply.raw;
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) kept[name] = value;
  raw.writeHead(200, {
    ...kept,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Tells a reverse proxy (nginx) not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  raw.write(`retry: ${retryMs}\n: connected\n\n`);

  const streams = openStreams.get(server) ?? new Set<OpenStream>();
  openStreams.set(server, streams);

  const onChange = (change: LiveChange) => {
    if (options.tenantId !== null && change.tenantId !== options.tenantId) return;
    raw.write(`event: change\ndata: ${JSON.stringify({ sessionIds: change.sessionIds })}\n\n`);
  };
  const unsubscribe = server.liveBus.subscribe(onChange);
  const heartbeat = setInterval(() => raw.write(`: heartbeat\n\n`), options.heartbeatMs ?? heartbeatMs);
  const lifetime = setTimeout(() => stream.end(), options.maxStreamMs ?? maxStreamMs);
  let ended = false;
  const stream: OpenStream = {
    end: () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      streams.delete(stream);
      connections.dec();
      if (!raw.writableEnded) raw.end();
    },
  };
  streams.add(stream);
  connections.inc();
  // The browser went (tab closed, navigation, network): stop listening.
  raw.on('close', stream.end);
  raw.on('error', stream.end);
}
