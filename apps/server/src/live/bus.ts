// Tells the live screens' server-sent event streams (src/live/stream.ts) and the dashboards' cache
// that meeting sessions changed, after the transaction that changed them committed. On PostgreSQL
// a change goes through LISTEN/NOTIFY, so a live screen on any replica hears what another replica
// applied (each replica listens on one connection and tells its own screens); on PGlite one
// process holds the database, and telling it in process is enough.
import { EventEmitter } from 'node:events';
import type { NotifyChannel } from '../kernel/db/database.ts';

export type LiveChange = { tenantId: string; sessionIds: string[] };

export type LiveBus = {
  publish: (change: LiveChange) => void;
  /** Answers the function that stops listening. */
  subscribe: (listener: (change: LiveChange) => void) => () => void;
  /** Resolves once changes of other replicas are heard (at once in process). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

const channelName = 'portal_live';
/** NOTIFY takes at most 8000 bytes: a change naming many sessions goes as several. */
const sessionsPerNotice = 150;

type Log = { warn: (details: object, message: string) => void };

function isLiveChange(value: unknown): value is LiveChange {
  const change = value as Partial<LiveChange> | null;
  return typeof change?.tenantId === 'string' && Array.isArray(change.sessionIds) && change.sessionIds.every((id) => typeof id === 'string');
}

export function createLiveBus(channel: NotifyChannel | null = null, log?: Log): LiveBus {
  const emitter = new EventEmitter();
  // Every open live screen is one listener; the default cap of 10 would warn about a leak.
  emitter.setMaxListeners(0);
  const tell = (change: LiveChange) => emitter.emit('change', change);
  const listening = channel
    ? channel.listen(channelName, (payload) => {
        let change: unknown;
        try {
          change = JSON.parse(payload);
        } catch {
          change = null;
        }
        if (isLiveChange(change)) tell(change);
      })
    : Promise.resolve(async () => {});
  // Without its listening connection a replica's screens still poll: say so, never crash.
  listening.catch((error: unknown) => log?.warn({ err: error }, 'the live bus does not hear other replicas'));
  // Notices go one after another: sent side by side on the pool's connections, they could arrive
  // in any order (a change's parts, or two changes of this replica, swapped).
  let sending: Promise<void> = Promise.resolve();
  return {
    publish: (change) => {
      if (!channel) return void tell(change);
      for (let from = 0; from < Math.max(1, change.sessionIds.length); from += sessionsPerNotice) {
        const part = { tenantId: change.tenantId, sessionIds: change.sessionIds.slice(from, from + sessionsPerNotice) };
        sending = sending.then(() => channel.notify(channelName, JSON.stringify(part))).catch((error: unknown) => log?.warn({ err: error }, 'a live change was not sent to the other replicas'));
      }
    },
    subscribe: (listener) => {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    ready: async () => void (await listening),
    close: async () => {
      emitter.removeAllListeners();
      await sending;
      const unlisten = await listening.catch(() => null);
      await unlisten?.();
    },
  };
}
