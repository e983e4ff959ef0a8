// The media platform on Janus (VideoRoom plugin). Rooms are created and destroyed through the
// Admin API's `message_plugin`, so the server holds no Janus session to keep alive. A join grant
// is a Janus token (Admin `add_token`, usable with the VideoRoom plugin only) that is also put on
// the room's `allowed` list, so it opens that one room and no other; its name starts with the
// room id, so ending the room can find and revoke every grant into it.
import { randomBytes, randomInt } from 'node:crypto';
import { createJanusApi, JanusError, noSuchRoom, type FetchLike, type JanusEndpoints } from './janus-api.ts';
import type { BrowserAccess, MediaPlatform, MediaRoom, RoomSummary } from './platform.ts';

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

export function createJanusPlatform(options: JanusPlatformOptions): MediaPlatform {
  const api = createJanusApi(options, options.fetch);
  const adminKey = options.roomAdminKey ? { admin_key: options.roomAdminKey } : {};
  let node: string | null = null;

  async function info() {
    const reply = await api.get('/info');
    node = String(reply['server-name'] ?? reply.name ?? 'janus');
    return { node, version: String(reply.version_string ?? reply.version ?? '') };
  }

  async function createRoom(spec: Parameters<MediaPlatform['openRoom']>[0], roomId: number): Promise<void> {
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
      ...(spec.record && options.recordingsDir ? { rec_dir: options.recordingsDir } : {}),
      audiocodec: 'opus',
      videocodec: 'vp8',
      notify_joining: true,
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

    async grant({ roomId, secret }) {
      const token = `${tokenPrefix(roomId)}${randomBytes(24).toString('base64url')}`;
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
      await api.admin('remove_token', { token });
      await api.plugin(videoRoom, { request: 'allowed', room: roomId, secret, action: 'remove', allowed: [token] }).catch((error: unknown) => {
        if (!(error instanceof JanusError && error.code === noSuchRoom)) throw error;
      });
    },

    async listRooms(): Promise<RoomSummary[]> {
      // The admin key makes the plugin list private rooms too (every portal room is private).
      const { list = [] } = (await api.plugin(videoRoom, { request: 'list', ...adminKey })) as { list?: Record<string, unknown>[] };
      return list.map((room) => ({
        roomId: Number(room.room),
        label: String(room.description ?? ''),
        participants: Number(room.num_participants ?? 0),
        record: room.record === true,
        pinRequired: room.pin_required === true,
      }));
    },

    close: () => options.onClose?.() ?? Promise.resolve(),
  };
}
