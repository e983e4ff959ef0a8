// The media events' metrics (README, Metrics): what the nodes' posts came to, by the way they came
// (http: the ingest; amqp: the broker), and how late they arrive (the time this process received a
// post minus the time Janus stamped each event: the node's buffering, the broker's queue, the network).
import { counter, histogram, seconds } from '../kernel/metrics.ts';
import type { JanusEvent } from './janus-events.ts';

export type MediaTransport = 'http' | 'amqp';
export type MediaOutcome = 'applied' | 'duplicate' | 'ignored' | 'refused';

const events = counter({
  name: 'portal_media_events_total',
  help: "Media nodes' events received, by transport (http, amqp) and outcome (applied; duplicate: applied before; ignored: says nothing the portal keeps, or names no known meeting; refused: bad credentials, malformed, or not the node's meeting)",
  labelNames: ['transport', 'outcome'],
});

const lag = histogram({
  name: 'portal_media_event_lag_seconds',
  help: 'Time from a media event happening on its node (its Janus timestamp) to this process receiving it, by transport',
  labelNames: ['transport'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
});

export function countMediaEvents(transport: MediaTransport, outcome: MediaOutcome, count: number): void {
  if (count > 0) events.inc({ transport, outcome }, count);
}

/** A node's clock ahead of ours is no lag: such events count as none. */
export function observeLag(transport: MediaTransport, janusEvents: readonly JanusEvent[], receivedAt: number): void {
  for (const event of janusEvents) lag.observe({ transport }, seconds(Math.max(0, receivedAt - event.timestamp / 1000)));
}
