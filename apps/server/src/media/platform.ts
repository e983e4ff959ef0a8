// The media platform in the portal's own words. Meetings ask for a room, hand out join grants and
// end the room through this type; only the adapter behind it (janus-platform.ts) knows Janus, so
// another media server could be put behind the same model.
import { ProblemError } from '../kernel/http/problem.ts';
import type { TurnConfig } from './turn.ts';

export type RoomSpec = {
  /** Re-create the room under this id (after its node restarted); absent: a new id. */
  roomId?: number;
  /** Names the meeting on the media server (room description, event correlation). */
  label: string;
  /** Only the portal knows it: ending the room and changing it need it. */
  secret: string;
  /** Asked of every participant on join; the meeting password, or null for none. */
  pin: string | null;
  record: boolean;
  /** How many participants may send video and audio at once. */
  publishers: number;
  /** Only end-to-end encrypted media is accepted (publishers announce it; clear-text ones are refused). */
  endToEndEncrypted?: boolean;
};

export type MediaRoom = { roomId: number; node: string };

/**
 * A participant's publisher went on air: the media server's room, the publisher's id in it and the
 * id of each audio and video stream, which the portal needs to moderate it (mute on entry).
 */
export type PublisherOnAir = { node: string; meetingId: string; participant: string; roomId: number; publisherId: number; streams: { kind: 'audio' | 'video'; mid: string }[] };

/** `maxPublishers`: the senders the room takes at once (the plan's participants, meetings/plan-limits.ts). */
export type RoomSummary = { roomId: number; label: string; participants: number; maxPublishers: number; record: boolean; pinRequired: boolean };

/** Media flowing on a handle now: received from the participant (`in`) or sent to them (`out`). */
export type MediaFlow = { direction: 'in' | 'out'; kbps: number };

/**
 * One connection of a participant's client to the media server (a Janus handle) that belongs to a
 * room: it joined the room, or it attached with a grant into the room and has not joined (or left).
 */
export type MediaHandle = {
  sessionId: number;
  handleId: number;
  /** The opaque id the client attached with (the portal's names meeting and participant). */
  opaqueId: string | null;
  /** The join grant's token its client connected with, when the media server tells (join grants are swept by it). */
  token?: string | null;
  /** Null: not in the room (attached and never joined, or left). */
  role: 'publisher' | 'subscriber' | null;
  /** A publisher's id in the room. */
  participantId: number | null;
  /** The publishers a subscriber watches. */
  feedIds: number[];
  display: string | null;
  /** Whom a subscriber watches. */
  feedDisplay: string | null;
  /** It offers or takes media streams (a publisher that publishes, a subscriber of some feed). */
  hasStreams: boolean;
  /** A publisher's audio and video streams by id (what `moderate` names). */
  mids?: { kind: 'audio' | 'video'; mid: string }[];
  audio: MediaFlow | null;
  video: MediaFlow | null;
  audioCodec: string | null;
  ice: string | null;
  dtls: string | null;
  /** WebRTC is up. */
  ready: boolean;
  /** Seconds since the client attached. */
  ageSeconds: number;
};

export type RoomState = { node: string; handles: MediaHandle[] };

/**
 * A media node allowed to send events: its name (the Basic user over HTTP, the events' `emitter`
 * through the broker) and its events secret (the Basic password; null: it sends through the broker only).
 */
export type MediaEventSender = { node: string; secret: string | null };

/** A STUN or TURN server as RTCPeerConnection takes it. */
export type IceServer = { urls: string[]; username?: string; credential?: string };

/** What a browser needs to reach the media server; never the room secret. */
export type BrowserAccess = {
  serverUrl: string;
  /** Handed to every participant as they are. */
  iceServers: IceServer[];
  /** TURN servers whose credentials are made for each participant (media/turn.ts); null: none. */
  turn: TurnConfig | null;
};

export type MediaPlatform = {
  /** False: no media server configured; every other call throws 503 `media_unavailable`. */
  readonly configured: boolean;
  readonly browser: BrowserAccess;
  openRoom: (spec: RoomSpec) => Promise<MediaRoom>;
  /** Ends the room and revokes every grant into it; a room already gone is no error. */
  closeRoom: (room: { roomId: number; secret: string }) => Promise<void>;
  /**
   * A fresh credential that lets one participant attach to the media server and enter this room
   * only. With `binding`, the credential ends with it (the portal's proof of whom it was given to).
   */
  grant: (room: { roomId: number; secret: string }, binding?: string) => Promise<string>;
  /** Takes a grant back: its token reaches the media server no more; one revoked already is no error. */
  revoke: (room: { roomId: number; secret: string }, token: string) => Promise<void>;
  /**
   * Mutes (or lets through again) streams of one publisher in the room, by stream id: a muted
   * stream reaches nobody and the participant cannot lift it; absent where the media server cannot.
   */
  moderate?: (room: { roomId: number; secret: string }, publisherId: number, mids: string[], mute: boolean) => Promise<void>;
  /**
   * Puts a participant out of the room (their publisher, and with it what they send); one who left
   * already is no error. Their page hears it (a VideoRoom `kicked` event); absent where the media
   * server cannot.
   */
  kick?: (room: { roomId: number; secret: string }, participantId: number) => Promise<void>;
  listRooms: () => Promise<RoomSummary[]>;
  /** Every handle of the room now, read from the media server's admin interface. */
  roomState: (roomId: number) => Promise<RoomState>;
  /**
   * The directory on this server where a recorded room's raw recordings land (each room its own,
   * so the conversion job knows its files); null or absent when the media server keeps them where
   * this server cannot read them.
   */
  recordingsDir?: (roomId: number) => string | null;
  /** The nodes that may post their events to the ingest (the sample event handler's Basic credentials); none when absent. */
  eventSenders?: () => Promise<MediaEventSender[]>;
  /** The media server's name and version, for health and the admin screens. */
  info: () => Promise<{ node: string; version: string }>;
  /** When this server started the node itself (a local media server): nothing the node ran before survives. */
  startedWithServer?: Date;
  /** Stops what the platform started (a local media server); idempotent. */
  close: () => Promise<void>;
};

export const mediaUnavailable = () =>
  new ProblemError(503, 'media_unavailable', { detail: 'No media server is configured on this platform: meetings cannot be joined.' });

/** The platform when nothing is configured: the portal works, meetings say clearly they cannot run. */
export const unconfiguredMedia: MediaPlatform = {
  configured: false,
  browser: { serverUrl: '', iceServers: [], turn: null },
  openRoom: () => Promise.reject(mediaUnavailable()),
  closeRoom: () => Promise.reject(mediaUnavailable()),
  grant: () => Promise.reject(mediaUnavailable()),
  revoke: () => Promise.reject(mediaUnavailable()),
  listRooms: () => Promise.reject(mediaUnavailable()),
  roomState: () => Promise.reject(mediaUnavailable()),
  info: () => Promise.reject(mediaUnavailable()),
  close: () => Promise.resolve(),
};
