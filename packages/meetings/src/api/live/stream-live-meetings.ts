import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { liveKeys } from './keys';

/**
 * `streamLiveMeetings`: server-sent events, which the generated client cannot read, so the browser's
 * EventSource opens them (same origin, the session cookie goes with it).
 */
export const LIVE_EVENTS_URL = '/api/v1/live-meetings/events';
/** How often the live lists poll while the event stream is down or missing. */
export const LIVE_POLL_MS = 5_000;
/**
 * Changes arrive in bursts (every statistics sample of every meeting is one): they are gathered for
 * a moment and the lists refetch at most this often, which keeps a change on screen within a second.
 */
const CHANGE_BATCH_MS = 150;
const MIN_REFETCH_GAP_MS = 700;

/** The session ids a `change` event names (`data: {"sessionIds": [...]}`); none when unreadable. */
function sessionIdsOf(event: Event): string[] {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return [];
  try {
    const parsed = JSON.parse(event.data) as { sessionIds?: unknown };
    return Array.isArray(parsed.sessionIds) ? parsed.sessionIds.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export type LiveEvents = {
  /** The event stream is open: the live queries refetch when told, no polling. */
  connected: boolean;
  /** The `refetchInterval` the live queries use: polling while the stream is down. */
  pollMs: number | false;
};

/**
 * Keeps the live queries fresh: each pushed change invalidates them (TanStack Query refetches the
 * shown ones and keeps their rows meanwhile, so no table reloads); while the stream is down, or in
 * a browser without EventSource, the queries poll instead.
 */
export function useLiveMeetingEvents(url = LIVE_EVENTS_URL): LiveEvents {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url, { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastFlush = 0;
    const changed = new Set<string>();
    const flush = () => {
      timer = undefined;
      lastFlush = Date.now();
      void client.invalidateQueries({ queryKey: liveKeys.currentMeetingsAll() });
      // Only the chosen meeting's participants are on screen; the others' queries stay idle.
      for (const sessionId of changed) void client.invalidateQueries({ queryKey: liveKeys.currentParticipants(sessionId) });
      changed.clear();
    };
    const onChange = (event: Event) => {
      for (const sessionId of sessionIdsOf(event)) changed.add(sessionId);
      timer ??= setTimeout(flush, Math.max(CHANGE_BATCH_MS, lastFlush + MIN_REFETCH_GAP_MS - Date.now()));
    };
    const onOpen = () => {
      setConnected(true);
      // Changes made while the stream was down were missed: read again once.
      void client.invalidateQueries({ queryKey: liveKeys.current() });
    };
    // The browser reconnects by itself after a network error; until then (and for good after a
    // refusal such as 401 or 403) the queries poll.
    const onError = () => setConnected(false);
    source.addEventListener('change', onChange);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [client, url]);

  return { connected, pollMs: connected ? false : LIVE_POLL_MS };
}
