// Tells the live screens' server-sent event streams (src/live/stream.ts) that meeting sessions
// changed, after the transaction that changed them committed. In-process: with several replicas
// on PostgreSQL a stream hears only the events its own replica applied, and the screens' polling
// fallback covers the rest.
import { EventEmitter } from 'node:events';

export type LiveChange = { tenantId: string; sessionIds: string[] };

export type LiveBus = {
  publish: (change: LiveChange) => void;
  /** Answers the function that stops listening. */
  subscribe: (listener: (change: LiveChange) => void) => () => void;
};

export function createLiveBus(): LiveBus {
  const emitter = new EventEmitter();
  // Every open live screen is one listener; the default cap of 10 would warn about a leak.
  emitter.setMaxListeners(0);
  return {
    publish: (change) => emitter.emit('change', change),
    subscribe: (listener) => {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}
