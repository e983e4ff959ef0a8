// The meeting room's media side on janus.js (npm janus-gateway): one Janus session with the
// grant's token, a VideoRoom publisher joined with the grant's PIN and token that publishes camera
// and microphone, and one subscriber per other publisher (joined with the publisher's private_id).
// Only the room view imports this module, so janus.js loads with the room and never with the
// portal's first page.
//
// An end-to-end encrypted meeting (frame-crypto.ts) encrypts what it publishes with the sender
// transforms janus.js sets up (which also tells Janus the offer is `e2ee`), and decrypts what it
// receives itself: janus.js attaches receiver transforms only to transceivers it creates, not to
// the ones of the offer a subscriber gets from Janus, so the subscriber's answer asks janus.js for
// an insertable-streams PeerConnection (`externalEncryption`) and each receiver gets its transform
// here. The transforms run on the page's thread: WebCrypto is asynchronous and a meeting's frames
// are few enough that a worker would not pay for its messaging.
import Janus from 'janus-gateway';
import type { JanusJS } from 'janus-gateway';
import type { JoinGrant } from '../../api/meetings/join-meeting';
import { decryptingTransform, deriveFrameKey, encryptingTransform } from './frame-crypto';

export type RemoteParticipant = { id: number; display: string; stream: MediaStream };
/** `removed`: the media server put this participant out (an administrator removed them). */
export type RoomStatus = 'connecting' | 'connected' | 'ended' | 'removed' | 'failed';
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
  /** Frames received lately did not decrypt (someone here opened the meeting with another key). */
  undecryptable: boolean;
  /** The media server stopped forwarding this page's audio or video (an administrator's moderate), until lifted. */
  moderated: { audio: boolean; video: boolean };
};

type Handle = JanusJS.PluginHandle;
type Message = Record<string, unknown> & {
  videoroom?: string;
  publishers?: { id: number; display?: string }[];
  leaving?: number | string;
  unpublished?: number | string;
  /** With `leaving: 'ok'`: why this participant is out (`kicked`). */
  reason?: string;
  /** Another participant the VideoRoom put out (its `kick`). */
  kicked?: number;
  /** A publisher's stream `mid` was muted or let through (VideoRoom `moderate`), with `id` and `mid`. */
  moderation?: 'muted' | 'unmuted';
  id?: number;
  mid?: string;
  error?: string;
};

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

/**
 * Connects to the grant's room at once; `leave` hangs up and closes the session. `secret`: the key
 * from the link's fragment, for an end-to-end encrypted meeting.
 */
export function connectJanusRoom(grant: JoinGrant, secret: string | null = null): JanusRoom {
  let state: RoomState = {
    status: 'connecting',
    error: null,
    local: null,
    remotes: [],
    audioOn: !grant.muteOnEntry,
    videoOn: !grant.videoOffOnEntry,
    sharing: false,
    devices: { camera: null, mic: null },
    undecryptable: false,
    moderated: { audio: false, video: false },
  };
  const listeners = new Set<() => void>();
  const update = (change: Partial<RoomState>) => {
    state = { ...state, ...change };
    listeners.forEach((listener) => listener());
  };
  let janus: Janus | null = null;
  let publisher: Handle | null = null;
  let privateId: number | undefined;
  /** This page's publisher id in the room, from `joined`: a moderation event naming it is about this page. */
  let ownId: number | undefined;
  let screen: MediaStreamTrack | null = null;
  const subscribers = new Map<number, Handle>();
  let left = false;
  let frameKey: CryptoKey | null = null;
  const decrypting = new WeakSet<RTCRtpReceiver>();
  // Said while frames keep failing, and no longer a few seconds after the last (the one with another key left).
  let lastFailure = 0;
  let quietCheck: ReturnType<typeof setInterval> | undefined;
  const stopQuietCheck = () => {
    clearInterval(quietCheck);
    quietCheck = undefined;
  };
  const undecryptable = () => {
    lastFailure = Date.now();
    if (state.undecryptable) return;
    update({ undecryptable: true });
    quietCheck = setInterval(() => {
      if (Date.now() - lastFailure < 5_000) return;
      stopQuietCheck();
      update({ undecryptable: false });
    }, 1_000);
  };
  /** Puts a decrypting transform on each of the handle's receivers that has none yet. */
  const decryptReceivers = (handle: Handle) => {
    if (!frameKey) return;
    for (const receiver of handle.webrtcStuff.pc?.getReceivers() ?? []) {
      if (decrypting.has(receiver)) continue;
      decrypting.add(receiver);
      const streams = (receiver as RTCRtpReceiver & { createEncodedStreams: () => ReadableWritablePair }).createEncodedStreams();
      void streams.readable.pipeThrough(decryptingTransform(frameKey, undecryptable)).pipeTo(streams.writable);
    }
  };

  const joinBody = (extra: Record<string, unknown>) => ({ request: 'join', room: grant.roomId, token: grant.token, ...(grant.pin ? { pin: grant.pin } : {}), ...extra });
  const fail = (error: unknown) => {
    if (left) return;
    update({ status: 'failed', error: String(error) });
  };
  const removeFeed = (id: number) => {
    const handle = subscribers.get(id);
    // Out of the map first: detaching cleans the handle up, whose callbacks then see it gone.
    subscribers.delete(id);
    handle?.detach();
    update({ remotes: state.remotes.filter((remote) => remote.id !== id) });
  };
  const roomGone = (status: 'ended' | 'removed' = 'ended') => {
    if (left) return;
    left = true;
    stopQuietCheck();
    update({ status });
    janus?.destroy({});
  };

  /**
   * The media server muted (or let through) this page's stream `mid`: audio is mid 0 and video mid 1,
   * as this page publishes them (describeVideo). Muted, the page turns it off too, so its controls
   * say so; it comes on again only when the participant lifts the mute (MeetingRoom).
   */
  const moderated = (mid: string | undefined, muted: boolean) => {
    const kind = mid === '0' ? 'audio' : mid === '1' ? 'video' : null;
    if (!kind) return;
    if (muted && kind === 'audio') publisher?.muteAudio();
    if (muted && kind === 'video') publisher?.muteVideo();
    update({ moderated: { ...state.moderated, [kind]: muted }, ...(muted ? (kind === 'audio' ? { audioOn: false } : { videoOn: false }) : {}) });
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
            ...(frameKey ? { externalEncryption: true } : {}),
            success: (answer: JanusJS.JSEP) => {
              decryptReceivers(subscriber);
              subscriber.send({ message: { request: 'start', room: grant.roomId }, jsep: answer });
            },
            error: fail,
          });
        }
      },
      // The node hangs up a subscriber whose feed is gone (its publisher reloaded, left or timed out):
      // no picture will come, so its tile goes even before the room's `unpublished` or `leaving`.
      oncleanup: () => {
        if (handle && subscribers.get(feed.id) === handle) removeFeed(feed.id);
      },
      onremotetrack: (track: MediaStreamTrack, _mid: string, on: boolean) => {
        // janus.js reports each track removed when a handle is cleaned up, after removeFeed dropped
        // the tile: that must not bring back a tile with no picture (issue 32: 3 counted for 2 people).
        if (!handle || subscribers.get(feed.id) !== handle) return;
        decryptReceivers(handle);
        stream.getTracks().filter((old) => old.kind === track.kind && old !== track).forEach((old) => stream.removeTrack(old));
        if (on) stream.addTrack(track);
        else stream.removeTrack(track);
        const remote = { id: feed.id, display: feed.display ?? '', stream };
        const others = state.remotes.filter((r) => r.id !== feed.id);
        update({ remotes: [...others, remote].sort((a, b) => a.id - b.id) });
      },
    });
  };
  const watch = (publishers: Message['publishers']) => publishers?.forEach(subscribe);

  // With a key, every frame sent is encrypted first (janus.js then marks the offer `e2ee`).
  const sent = (kind: 'audio' | 'video'): JanusJS.TrackOption => ({
    type: kind,
    capture: true,
    recv: false,
    ...(frameKey ? { transforms: { sender: encryptingTransform(frameKey, kind) } as JanusJS.TrackOption['transforms'] } : {}),
  });
  const publish = (handle: Handle) =>
    handle.createOffer({
      tracks: [sent('audio'), sent('video')],
      success: (offer: JanusJS.JSEP) => {
        if (!state.audioOn) handle.muteAudio();
        if (!state.videoOn) handle.muteVideo();
        handle.send({ message: { request: 'publish', audio: state.audioOn, video: state.videoOn, display: grant.display }, jsep: offer });
      },
      error: fail,
    });

  const keyReady = grant.endToEndEncrypted ? (secret ? deriveFrameKey(secret, grant.code) : Promise.reject(new Error('end-to-end encrypted meeting without its key'))) : Promise.resolve(null);
  void Promise.all([initJanus(), keyReady]).then(([, key]) => {
    if (left) return;
    frameKey = key;
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
              ownId = typeof message.id === 'number' ? message.id : undefined;
              update({ status: 'connected' });
              if (publisher) publish(publisher);
            }
            if (message.videoroom === 'destroyed') return roomGone();
            // The VideoRoom's `kick`: this participant (not another one leaving) is out of the room.
            if (message.leaving === 'ok' && message.reason === 'kicked') return roomGone('removed');
            if (message.moderation && message.id === ownId) moderated(message.mid, message.moderation === 'muted');
            if (message.videoroom === 'joined' || message.videoroom === 'event') watch(message.publishers);
            for (const gone of [message.leaving, message.unpublished, message.kicked]) if (typeof gone === 'number') removeFeed(gone);
            if (message.error && state.status === 'connecting') fail(message.error);
            if (jsep) publisher?.handleRemoteJsep({ jsep });
          },
          onlocaltrack: (track: MediaStreamTrack, on: boolean) => {
            if (!on) return;
            if (track.kind === 'audio') return update({ devices: { ...state.devices, mic: track.label || null } });
            if (track.kind !== 'video') return;
            update({ local: new MediaStream([track]), ...(screen === null ? { devices: { ...state.devices, camera: track.label || null } } : {}) });
          },
        }),
      error: (error: unknown) => (state.status === 'connected' ? roomGone() : fail(error)),
      destroyed: () => undefined,
    });
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
        handle.replaceTracks({ tracks: [{ type: 'video', mid: '1', capture: track }] });
        describeVideo('screen');
        update({ sharing: true, local: new MediaStream([track]) });
      } else {
        screen?.stop();
        screen = null;
        handle.replaceTracks({ tracks: [{ type: 'video', mid: '1', capture: true }] });
        describeVideo('camera');
        update({ sharing: false });
      }
    },
    leave: () => {
      if (left) return;
      left = true;
      stopQuietCheck();
      screen?.stop();
      publisher?.send({ message: { request: 'leave' } });
      janus?.destroy({});
      update({ status: 'ended' });
    },
  };
  return room;
}
