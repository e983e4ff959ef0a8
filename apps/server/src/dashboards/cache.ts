// The dashboards' answers kept in this process on PGlite (db/process-cache.ts), for the next
// reader of the same range. They are dropped after any API write (http/routes.ts), after any media
// event applied (the live bus: the ingest, the meeting room, the simulator), and after a short
// time, since a participant still in a meeting adds hours as time passes. On PostgreSQL, where
// other replicas write too, nothing is kept.
import type { FastifyInstance } from 'fastify';
import { processCacheFor } from '../db/process-cache.ts';

export const DASHBOARD_CACHE = { name: 'dashboards', maxEntries: 200, ttlMs: 30_000 };

const listening = new WeakSet<FastifyInstance>();

/** Subscribes once per server: a live change drops every kept dashboard (a platform's figures include every tenant's). */
export function dropDashboardsOnLiveChanges(server: FastifyInstance): void {
  if (listening.has(server)) return;
  listening.add(server);
  // The bus lives and dies with this server, so the listener needs no removal.
  server.liveBus.subscribe(() => processCacheFor(server.database, DASHBOARD_CACHE.name, DASHBOARD_CACHE.maxEntries)?.clear());
}
