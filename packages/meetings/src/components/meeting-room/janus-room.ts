// The meeting room's media side on janus.js (npm janus-gateway): one Janus session with the
// grant's token, a VideoRoom publisher joined with the grant's PIN and token that publishes camera
// and microphone, and one subscriber per other publisher (joined with the publisher's private_id).
// Only the room view imports this module, so janus.js loads with the room and never with the
// portal's first page.
import Janus from 'janus-gateway';
import type { JanusJS } from 'janus-gateway';
import type { JoinGrant } from '../../api/meetings/join-meeting';

export type RemoteParticipant = { id: number; display: string; stream: MediaStream };
export type RoomStatus = 'connecting' | 'connected' | 'ended' | 'failed';
export type RoomState = {
  status: RoomStatus;
  /** Why the connection failed, for the log (the page shows its own text). */
  error: string | null;
  local: MediaStream | null;
  remotes: RemoteParticipant[];
  audioOn: boolean;
  videoOn: boolean;
  sharing: boolean;
  /** The labels of the camera and microphone it sends (the client report, client-report.ts). */
  devices: { camera: string | null; mic: string | null };
};

type Handle = JanusJS.PluginHandle;
type Message = Record<string, unknown> & { videoroom?: string; publishers?: { id: number; display?: string }[]; leaving?: number | string; unpublished?: number | string; error?: string };

// janus.js reads only `browserDetails` from webrtc-adapter (Safari and Firefox quirks). Its npm
// build refers to a global `adapter` it never imports, so the room hands it these details from the
// user agent instead of shipping the whole shim library to browsers that no longer need it.
function browserDetails(): { browser: string; version: number } {
  const agent = navigator.userAgent;
  const firefox = /Firefox\/(\d+)/.exec(agent);
  if (firefox) return { browser: 'firefox', version: Number(firefox[1]) };
  const chrome = /(?:Chrome|Chromium|CriOS|Edg)\/(\d+)/.exec(agent);
  if (chrome) return { browser: 'chrome', version: Number(chrome[1]) };
  const safari = /Version\/(\d+).*Safari\/(\d+)/.exec(agent);
  if (safari) return { browser: 'safari', version: Number(safari[2]) };
  return { browser: 'chrome', version: 120 };
}

let initialised: Promise<void> | null = null;
function initJanus(): Promise<void> {
  initialised ??= new Promise((resolve) =>
    Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter: { browserDetails: browserDetails() } }), callback: () => resolve() }),
  );
  return initialised;
}

export type JanusRoom = {
  getState: () => RoomState;
  subscribe: (listener: () => void) => () => void;
  setAudio: (on: boolean) => void;
  setVideo: (on: boolean) => void;
  setSharing: (on: boolean) => Promise<void>;
  leave: () => void;
};

/** Connects to the grant's room at once; `leave` hangs up and closes the session. */
export function connectJanusRoom(grant: JoinGrant): JanusRoom {
  let state: RoomState = {
    status: 'connecting',
    error: null,
    local: null,
    remotes: [],
    audioOn: !grant.muteOnEntry,
    videoOn: !grant.videoOffOnEntry,
    sharing: false,
    devices: { camera: null, mic: null },
  };
  const listeners = new Set<() => void>();
  const update = (change: Partial<RoomState>) => {
    state = { ...state, ...change };
    listeners.forEach((listener) => listener());
  };
  let janus: Janus | null = null;
  let publisher: Handle | null = null;
  let privateId: number | undefined;
  let screen: MediaStreamTrack | null = null;
  const subscribers = new Map<number, Handle>();
  let left = false;

  const joinBody = (extra: Record<string, unknown>) => ({ request: 'join', room: grant.roomId, token: grant.token, ...(grant.pin ? { pin: grant.pin } : {}), ...extra });
  const fail = (error: unknown) => {
    if (left) return;
    update({ status: 'failed', error: String(error) });
  };
  const removeFeed = (id: number) => {
    subscribers.get(id)?.detach();
    subscribers.delete(id);
    update({ remotes: state.remotes.filter((remote) => remote.id !== id) });
  };
  const roomGone = () => {
    if (left) return;
    left = true;
    update({ status: 'ended' });
    janus?.destroy({});
  };

  const subscribe = (feed: { id: number; display?: string }) => {
    if (!janus || subscribers.has(feed.id)) return;
    const stream = new MediaStream();
    let handle: Handle | undefined;
    janus.attach({
      plugin: 'janus.plugin.videoroom',
      opaqueId: grant.opaqueId,
      token: grant.token,
      success: (attached) => {
        handle = attached;
        subscribers.set(feed.id, attached);
        attached.send({ message: joinBody({ ptype: 'subscriber', private_id: privateId, streams: [{ feed: feed.id }] }) });
      },
      error: fail,
      onmessage: (message: Message, jsep?: JanusJS.JSEP) => {
        if (jsep && handle) {
          const subscriber = handle;
          subscriber.createAnswer({
            jsep,
            tracks: [{ type: 'data', capture: false }],
            success: (answer: JanusJS.JSEP) => subscriber.send({ message: { request: 'start', room: grant.roomId }, jsep: answer }),
            error: fail,
          });
        }
      },
      onremotetrack: (track: MediaStreamTrack, _mid: string, on: boolean) => {
        stream.getTracks().filter((old) => old.kind === track.kind && old !== track).forEach((old) => stream.removeTrack(old));
        if (on) stream.addTrack(track);
        else stream.removeTrack(track);
        const remote = { id: feed.id, display: feed.display ?? '', stream };
        const others = state.remotes.filter((r) => r.id !== feed.id);
        update({ remotes: [...others, remote].sort((a, b) => a.id - b.id) });
      },
    } as JanusJS.PluginOptions);
  };
  const watch = (publishers: Message['publishers']) => publishers?.forEach(subscribe);

  const publish = (handle: Handle) =>
    handle.createOffer({
      tracks: [
        { type: 'audio', capture: true, recv: false },
        { type: 'video', capture: true, recv: false },
      ],
      success: (offer: JanusJS.JSEP) => {
        if (!state.audioOn) handle.muteAudio();
        if (!state.videoOn) handle.muteVideo();
        handle.send({ message: { request: 'publish', audio: state.audioOn, video: state.videoOn, display: grant.display }, jsep: offer });
      },
      error: fail,
    });

  void initJanus().then(() => {
    if (left) return;
    janus = new Janus({
      server: grant.serverUrl,
      token: grant.token,
      iceServers: grant.iceServers,
      success: () =>
        janus?.attach({
          plugin: 'janus.plugin.videoroom',
          opaqueId: grant.opaqueId,
          success: (handle: Handle) => {
            publisher = handle;
            handle.send({ message: joinBody({ ptype: 'publisher', display: grant.display }) });
          },
          error: fail,
          onmessage: (message: Message, jsep?: JanusJS.JSEP) => {
            if (message.videoroom === 'joined') {
              privateId = message.private_id as number;
              update({ status: 'connected' });
              if (publisher) publish(publisher);
            }
            if (message.videoroom === 'destroyed') return roomGone();
            if (message.videoroom === 'joined' || message.videoroom === 'event') watch(message.publishers);
            for (const gone of [message.leaving, message.unpublished]) if (typeof gone === 'number') removeFeed(gone);
            if (message.error && state.status === 'connecting') fail(message.error);
            if (jsep) publisher?.handleRemoteJsep({ jsep });
          },
          onlocaltrack: (track: MediaStreamTrack, on: boolean) => {
            if (!on) return;
            if (track.kind === 'audio') return update({ devices: { ...state.devices, mic: track.label || null } });
            if (track.kind !== 'video') return;
            update({ local: new MediaStream([track]), ...(screen === null ? { devices: { ...state.devices, camera: track.label || null } } : {}) });
          },
        } as JanusJS.PluginOptions),
      error: (error: unknown) => (state.status === 'connected' ? roomGone() : fail(error)),
      destroyed: () => undefined,
    } as JanusJS.ConstructorOptions);
  }, fail);

  const configure = (change: { audio?: boolean; video?: boolean; descriptions?: { mid: string; description: string }[] }) =>
    publisher?.send({ message: { request: 'configure', ...change } });
  // The media server's events say what the video stream carries: the portal tells a screen share by it.
  const describeVideo = (description: 'screen' | 'camera') => configure({ descriptions: [{ mid: '1', description }] });

  const room: JanusRoom = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setAudio: (on) => {
      if (!publisher) return;
      if (on) publisher.unmuteAudio();
      else publisher.muteAudio();
      configure({ audio: on });
      update({ audioOn: on });
    },
    setVideo: (on) => {
      if (!publisher) return;
      if (on) publisher.unmuteVideo();
      else publisher.muteVideo();
      configure({ video: on });
      update({ videoOn: on });
    },
    setSharing: async (on) => {
      const handle = publisher;
      if (!handle) return;
      if (on) {
        const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
        const [track] = display.getVideoTracks();
        if (!track) return;
        screen = track;
        track.addEventListener('ended', () => void (screen === track ? room.setSharing(false) : undefined));
        handle.replaceTracks({ tracks: [{ type: 'video', mid: '1', capture: track }] } as JanusJS.PluginReplaceTracksParam);
        describeVideo('screen');
        update({ sharing: true, local: new MediaStream([track]) });
      } else {
        screen?.stop();
        screen = null;
        handle.replaceTracks({ tracks: [{ type: 'video', mid: '1', capture: true }] } as JanusJS.PluginReplaceTracksParam);
        describeVideo('camera');
        update({ sharing: false });
      }
    },
    leave: () => {
      if (left) return;
      left = true;
      screen?.stop();
      publisher?.send({ message: { request: 'leave' } });
      janus?.destroy({});
      update({ status: 'ended' });
    },
  };
  return room;
}
