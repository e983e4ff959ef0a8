// The media platform in the portal's own words. Meetings ask for a room, hand out join grants and
// end the room through this type; only the adapter behind it (janus-platform.ts) knows Janus, so
// another media server could be put behind the same model.
import { ProblemError } from '../http/problem.ts';

export type RoomSpec = {
  /** Names the meeting on the media server (room description, event correlation). */
  label: string;
  /** Only the portal knows it: ending the room and changing it need it. */
  secret: string;
  /** Asked of every participant on join; the meeting password, or null for none. */
  pin: string | null;
  record: boolean;
  /** How many participants may send video and audio at once. */
  publishers: number;
};

export type MediaRoom = { roomId: number; node: string };

export type RoomSummary = { roomId: number; label: string; participants: number; record: boolean; pinRequired: boolean };

/** A media node allowed to post events: its name (the Basic user) and its events secret (the password). */
export type MediaEventSender = { node: string; secret: string };

/** What a browser needs to reach the media server; never the room secret. */
export type BrowserAccess = { serverUrl: string; iceServers: { urls: string[] }[] };

export type MediaPlatform = {
  /** False: no media server configured; every other call throws 503 `media_unavailable`. */
  readonly configured: boolean;
  readonly browser: BrowserAccess;
  openRoom: (spec: RoomSpec) => Promise<MediaRoom>;
  /** Ends the room and revokes every grant into it; a room already gone is no error. */
  closeRoom: (room: { roomId: number; secret: string }) => Promise<void>;
  /** A fresh credential that lets one participant attach to the media server and enter this room only. */
  grant: (room: { roomId: number; secret: string }) => Promise<string>;
  revoke: (room: { roomId: number; secret: string }, token: string) => Promise<void>;
  listRooms: () => Promise<RoomSummary[]>;
  /** The nodes that may post their events to the ingest (the sample event handler's Basic credentials); none when absent. */
  eventSenders?: () => Promise<MediaEventSender[]>;
  /** The media server's name and version, for health and the admin screens. */
  info: () => Promise<{ node: string; version: string }>;
  /** Stops what the platform started (a local media server); idempotent. */
  close: () => Promise<void>;
};

export const mediaUnavailable = () =>
  new ProblemError(503, 'media_unavailable', { detail: 'No media server is configured on this platform: meetings cannot be joined.' });

/** The platform when nothing is configured: the portal works, meetings say clearly they cannot run. */
export const unconfiguredMedia: MediaPlatform = {
  configured: false,
  browser: { serverUrl: '', iceServers: [] },
  openRoom: () => Promise.reject(mediaUnavailable()),
  closeRoom: () => Promise.reject(mediaUnavailable()),
  grant: () => Promise.reject(mediaUnavailable()),
  revoke: () => Promise.reject(mediaUnavailable()),
  listRooms: () => Promise.reject(mediaUnavailable()),
  info: () => Promise.reject(mediaUnavailable()),
  close: () => Promise.resolve(),
};
