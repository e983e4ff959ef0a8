// The media platform on Janus (VideoRoom plugin). Rooms are created and destroyed through the
// Admin API's `message_plugin`, so the server holds no Janus session to keep alive. A join grant
// is a Janus token (Admin `add_token`, usable with the VideoRoom plugin only) that is also put on
// the room's `allowed` list, so it opens that one room and no other; its name starts with the
// room id, so ending the room can find and revoke every grant into it.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createJanusApi, JanusError, noSuchFeed, noSuchRoom, tokenNotFound, type FetchLike, type JanusEndpoints } from './janus-api.ts';
import type { BrowserAccess, MediaFlow, MediaHandle, MediaPlatform, MediaRoom, RoomState, RoomSummary } from './platform.ts';

const videoRoom = 'janus.plugin.videoroom';

export type JanusPlatformOptions = JanusEndpoints & {
  /** VideoRoom `admin_key`, when the node's plugin configuration sets one. */
  roomAdminKey: string | null;
  browser: BrowserAccess;
  /** Where the node writes recordings (`rec_dir`); null: the plugin's default. */
  recordingsDir: string | null;
  fetch?: FetchLike;
  /** Stops what started the node (a local child process). */
  onClose?: () => Promise<void>;
};

/** A room id Janus accepts (a positive integer JavaScript and JSON keep exact). */
const newRoomId = () => randomInt(1, 2 ** 47);

const tokenPrefix = (roomId: number) => `r${roomId}.`;

type HandleInfo = {
  opaque_id?: string;
  token?: string;
  created?: number;
  current_time?: number;
  plugin?: string;
  plugin_specific?: {
    type?: string;
    room?: number;
    id?: number;
    display?: string;
    streams?: { type?: string; mid?: string; codec?: string; feed_id?: number; feed_display?: string }[];
  };
  flags?: { ready?: boolean };
  webrtc?: {
    ice?: { state?: string };
    dtls?: { 'dtls-state'?: string };
    media?: Record<string, { type?: string; direction?: { send?: boolean; recv?: boolean }; codecs?: { codec?: string }; stats?: { in?: { bytes_lastsec?: number }; out?: { bytes_lastsec?: number } } }>;
  };
};

/** A Janus handle in the portal's words (media-platform.md: what handle_info says, and what it does not). */
function handleOf(sessionId: number, handleId: number, info: HandleInfo): MediaHandle {
  const ps = info.plugin_specific ?? {};
  const streams = ps.streams ?? [];
  const media = Object.values(info.webrtc?.media ?? {});
  // The has-audio/has-video flags are always false in Janus 1.1.2: the media's own counters tell.
  const flow = (kind: 'audio' | 'video'): MediaFlow | null => {
    const item = media.find((entry) => entry.type === kind);
    if (!item) return null;
    const incoming = item.direction?.recv === true;
    const bytes = (incoming ? item.stats?.in : item.stats?.out)?.bytes_lastsec ?? 0;
    return { direction: incoming ? 'in' : 'out', kbps: Math.round((bytes * 8) / 1000) };
  };
  const role = ps.type === 'publisher' || ps.type === 'subscriber' ? ps.type : null;
  const feedIds = role === 'subscriber' ? [...new Set(streams.map((stream) => stream.feed_id).filter((id): id is number => typeof id === 'number'))] : [];
  return {
    sessionId,
    handleId,
    opaqueId: info.opaque_id ?? null,
    token: info.token ?? null,
    role,
    participantId: role === 'publisher' && typeof ps.id === 'number' ? ps.id : null,
    feedIds,
    display: role === 'publisher' ? (ps.display ?? null) : null,
    feedDisplay: role === 'subscriber' ? (streams.find((stream) => stream.feed_display)?.feed_display ?? null) : null,
    hasStreams: streams.length > 0,
    mids:
      role === 'publisher'
        ? streams.flatMap((stream) => ((stream.type === 'audio' || stream.type === 'video') && typeof stream.mid === 'string' ? [{ kind: stream.type, mid: stream.mid }] : []))
        : [],
    audio: flow('audio'),
    video: flow('video'),
    audioCodec: streams.find((stream) => stream.type === 'audio')?.codec ?? media.find((entry) => entry.type === 'audio')?.codecs?.codec ?? null,
    ice: info.webrtc?.ice?.state ?? null,
    dtls: info.webrtc?.dtls?.['dtls-state'] ?? null,
    ready: info.flags?.ready === true,
    // Both in microseconds of Janus's monotonic clock.
    ageSeconds: info.created !== undefined && info.current_time !== undefined ? Math.max(0, Math.round((info.current_time - info.created) / 1e6)) : 0,
  };
}

export function createJanusPlatform(options: JanusPlatformOptions): MediaPlatform {
  const api = createJanusApi(options, options.fetch);
  const adminKey = options.roomAdminKey ? { admin_key: options.roomAdminKey } : {};
  let node: string | null = null;
  // Each recorded room writes into its own directory, so its conversion finds exactly its files.
  const roomRecordingsDir = (roomId: number) => (options.recordingsDir ? join(options.recordingsDir, String(roomId)) : null);

  async function info() {
    const reply = await api.get('/info');
    node = String(reply['server-name'] ?? reply.name ?? 'janus');
    return { node, version: String(reply.version_string ?? reply.version ?? '') };
  }

  async function createRoom(spec: Parameters<MediaPlatform['openRoom']>[0], roomId: number): Promise<void> {
    const recDir = spec.record ? roomRecordingsDir(roomId) : null;
    // Janus creates the folder itself when it starts recording; made here too where this server can (a local node).
    if (recDir) {
      try {
        mkdirSync(recDir, { recursive: true });
      } catch {
        // Not writable from here: the node's own.
      }
    }
    await api.plugin(videoRoom, {
      request: 'create',
      ...adminKey,
      room: roomId,
      description: spec.label,
      secret: spec.secret,
      ...(spec.pin ? { pin: spec.pin } : {}),
      // Unlisted, and entered only with a grant on its allowed list.
      is_private: true,
      allowed: [],
      publishers: spec.publishers,
      record: spec.record,
      // Recording is the meeting's setting: participants cannot switch it without the secret.
      lock_record: true,
      ...(recDir ? { rec_dir: recDir } : {}),
      audiocodec: 'opus',
      videocodec: 'vp8',
      notify_joining: true,
      ...(spec.endToEndEncrypted ? { require_e2ee: true } : {}),
      permanent: false,
    });
  }

  async function revokeAll(roomId: number): Promise<void> {
    const { tokens = [] } = (await api.admin('list_tokens')) as { tokens?: { token: string }[] };
    const prefix = tokenPrefix(roomId);
    await Promise.all(tokens.filter(({ token }) => token.startsWith(prefix)).map(({ token }) => api.admin('remove_token', { token })));
  }

  return {
    configured: true,
    browser: options.browser,
    info,

    async openRoom(spec): Promise<MediaRoom> {
      if (spec.roomId !== undefined) {
        try {
          await createRoom(spec, spec.roomId);
        } catch (error) {
          // 427: it exists already, which is what was asked.
          if (!(error instanceof JanusError && error.code === 427)) throw error;
        }
        return { roomId: spec.roomId, node: node ?? (await info()).node };
      }
      for (let attempt = 0; ; attempt += 1) {
        const roomId = newRoomId();
        try {
          await createRoom(spec, roomId);
          return { roomId, node: node ?? (await info()).node };
        } catch (error) {
          // 427: a room with this id exists (a one in 2^47 chance): draw another.
          if (!(error instanceof JanusError && error.code === 427) || attempt >= 3) throw error;
        }
      }
    },

    async closeRoom({ roomId, secret }) {
      try {
        await api.plugin(videoRoom, { request: 'destroy', room: roomId, secret });
      } catch (error) {
        if (!(error instanceof JanusError && error.code === noSuchRoom)) throw error;
      }
      await revokeAll(roomId);
    },

    async grant({ roomId, secret }, binding) {
      const token = `${tokenPrefix(roomId)}${binding ?? randomBytes(24).toString('base64url')}`;
      await api.admin('add_token', { token, plugins: [videoRoom] });
      try {
        await api.plugin(videoRoom, { request: 'allowed', room: roomId, secret, action: 'add', allowed: [token] });
      } catch (error) {
        await api.admin('remove_token', { token });
        throw error;
      }
      return token;
    },

    async revoke({ roomId, secret }, token) {
      await api.admin('remove_token', { token }).catch((error: unknown) => {
        if (!(error instanceof JanusError && error.code === tokenNotFound)) throw error;
      });
      await api.plugin(videoRoom, { request: 'allowed', room: roomId, secret, action: 'remove', allowed: [token] }).catch((error: unknown) => {
        if (!(error instanceof JanusError && error.code === noSuchRoom)) throw error;
      });
    },

    async moderate({ roomId, secret }, publisherId, mids, mute) {
      for (const mid of mids) await api.plugin(videoRoom, { request: 'moderate', room: roomId, secret, id: publisherId, mid, mute });
    },

    async kick({ roomId, secret }, participantId) {
      await api.plugin(videoRoom, { request: 'kick', room: roomId, secret, id: participantId }).catch((error: unknown) => {
        if (!(error instanceof JanusError && error.code === noSuchFeed)) throw error;
      });
    },

    async listRooms(): Promise<RoomSummary[]> {
      // The admin key makes the plugin list private rooms too (every portal room is private).
      const { list = [] } = (await api.plugin(videoRoom, { request: 'list', ...adminKey })) as { list?: Record<string, unknown>[] };
      return list.map((room) => ({
        roomId: Number(room.room),
        label: String(room.description ?? ''),
        participants: Number(room.num_participants ?? 0),
        maxPublishers: Number(room.max_publishers ?? 0),
        record: room.record === true,
        pinRequired: room.pin_required === true,
      }));
    },

    async roomState(roomId): Promise<RoomState> {
      // Admin API: every session, its handles, each handle's info. A handle belongs to the room when
      // it joined it, or when it attached with a grant into it (the token names the room) and has
      // not joined or has left: those are the room's orphans.
      const serverName = node ?? (await info()).node;
      const { sessions = [] } = (await api.adminReply('list_sessions')) as { sessions?: number[] };
      const prefix = tokenPrefix(roomId);
      const perSession = await Promise.all(
        sessions.map(async (sessionId) => {
          const { handles = [] } = (await api.adminReply('list_handles', { session_id: sessionId }).catch(() => ({}))) as { handles?: number[] };
          const infos = await Promise.all(
            handles.map(async (handleId) => {
              // A handle or session may go away between the list and the info: it is simply not there any more.
              const reply = (await api.adminReply('handle_info', { session_id: sessionId, handle_id: handleId }).catch(() => ({}))) as { info?: HandleInfo };
              return reply.info ? { handleId, info: reply.info } : null;
            }),
          );
          return infos.filter((entry) => entry !== null).map(({ handleId, info }) => ({ sessionId, handleId, info }));
        }),
      );
      const handles = perSession
        .flat()
        .filter(({ info }) => info.plugin === videoRoom && (info.plugin_specific?.room === roomId || (info.token ?? '').startsWith(prefix)))
        .map(({ sessionId, handleId, info }) => handleOf(sessionId, handleId, info));
      return { node: serverName, handles };
    },

    recordingsDir: roomRecordingsDir,

    close: () => options.onClose?.() ?? Promise.resolve(),
  };
}
