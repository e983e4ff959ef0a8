// A media server stand-in for server tests that need a configured media platform without a real
// Janus: every call answers as an idle node would; a test overrides the calls it watches.
import type { MediaHandle, MediaPlatform } from '../src/media/platform.ts';

export const standInNode = 'janus-test';

export function standInMedia(overrides: Partial<MediaPlatform> = {}): MediaPlatform {
  let nextRoom = 1;
  return {
    configured: true,
    browser: { serverUrl: 'http://127.0.0.1:9/janus', iceServers: [], turn: null },
    openRoom: async (spec) => ({ roomId: spec.roomId ?? nextRoom++, node: standInNode }),
    closeRoom: async () => {},
    grant: async () => `token-${Math.random()}`,
    revoke: async () => {},
    listRooms: async () => [],
    roomState: async () => ({ node: standInNode, handles: [] }),
    info: async () => ({ node: standInNode, version: '1.1.2' }),
    close: async () => {},
    ...overrides,
  };
}

/** A connected publisher handle as the Admin API would describe it: audio (mid 0) and video (mid 1). */
export function standInPublisher(fields: Partial<MediaHandle> = {}): MediaHandle {
  return {
    sessionId: 1,
    handleId: 2,
    opaqueId: null,
    role: 'publisher',
    participantId: 3,
    feedIds: [],
    display: 'Someone',
    feedDisplay: null,
    hasStreams: true,
    mids: [
      { kind: 'audio', mid: '0' },
      { kind: 'video', mid: '1' },
    ],
    audio: null,
    video: null,
    audioCodec: 'opus',
    ice: 'connected',
    dtls: 'connected',
    ready: true,
    ageSeconds: 3,
    ...fields,
  };
}
