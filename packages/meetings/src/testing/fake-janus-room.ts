// A stand-in for the meeting room's media side (components/meeting-room/janus-room.ts), so the
// room's real UI renders in stories and tests without a media server: it is connected (or still
// connecting) at once, with the remote participants given, and its microphone, camera and screen
// switches only change its state. In a browser each tile shows a canvas's captured stream.
import type { JoinGrant } from '../api/meetings/join-meeting';
import type { JanusRoom, RoomState } from '../components/meeting-room/janus-room';

/** A video stream with a name on a colour, from a canvas (null where there is none, as in jsdom). */
export function fakeVideoStream(label: string, colour: string): MediaStream | null {
  if (typeof HTMLCanvasElement === 'undefined' || typeof HTMLCanvasElement.prototype.captureStream !== 'function') return null;
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const draw = () => {
    context.fillStyle = colour;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = 'white';
    context.font = 'bold 40px sans-serif';
    context.textAlign = 'center';
    context.fillText(label, canvas.width / 2, canvas.height / 2 + 14);
  };
  draw();
  const stream = canvas.captureStream(5);
  // A canvas that never changes may give no frame: it is drawn again once the video watches it.
  setTimeout(draw, 100);
  return stream;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

export type FakeJanusRoom = JanusRoom & {
  /** What the room asked of the media server, in order: `audio:on`, `video:off`, `leave`, … */
  calls: string[];
};

export type FakeRemote = { id: number; display: string; colour?: string };

/** A `connect` for MeetingRoom: the room it makes starts as `initial` says, muted as the grant says. */
export function fakeJanusRoom(
  initial: { status?: RoomState['status']; remotes?: FakeRemote[]; moderated?: RoomState['moderated'] } = {},
  onCreate?: (room: FakeJanusRoom) => void,
): (grant: JoinGrant) => FakeJanusRoom {
  return (grant) => {
    const colours = ['#1c7ed6', '#2f9e44', '#e8590c', '#9c36b5'];
    let state: RoomState = {
      status: initial.status ?? 'connected',
      error: null,
      // jsdom has no MediaStream: the tiles then show nothing, as before a stream arrives.
      local: fakeVideoStream(initials(grant.display), '#495057'),
      remotes: (initial.remotes ?? []).map((remote, index) => ({
        id: remote.id,
        display: remote.display,
        stream: fakeVideoStream(initials(remote.display), remote.colour ?? colours[index % colours.length]!) as MediaStream,
      })),
      audioOn: !grant.muteOnEntry && !initial.moderated?.audio,
      videoOn: !grant.videoOffOnEntry && !initial.moderated?.video,
      sharing: false,
      devices: { camera: 'Fake camera', mic: 'Fake microphone' },
      undecryptable: false,
      moderated: initial.moderated ?? { audio: false, video: false },
    };
    const listeners = new Set<() => void>();
    const update = (change: Partial<RoomState>) => {
      state = { ...state, ...change };
      listeners.forEach((listener) => listener());
    };
    const calls: string[] = [];
    const room: FakeJanusRoom = {
      calls,
      getState: () => state,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      setAudio: (on) => {
        calls.push(`audio:${on ? 'on' : 'off'}`);
        update({ audioOn: on });
      },
      setVideo: (on) => {
        calls.push(`video:${on ? 'on' : 'off'}`);
        update({ videoOn: on });
      },
      setSharing: async (on) => {
        calls.push(`sharing:${on ? 'on' : 'off'}`);
        update({ sharing: on });
      },
      leave: () => {
        calls.push('leave');
      },
    };
    onCreate?.(room);
    return room;
  };
}
