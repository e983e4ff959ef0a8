// The portal's own model of what happens on the media platform. The Janus adapter
// (src/media/janus-events.ts) translates Janus's event handler posts into it at the edge, the
// traffic simulator (src/live/simulator.ts) emits it directly, and everything that reads live
// operations (live and completed meetings, the meeting log, feedback, dashboards) reads only the
// tables src/live/apply.ts fills from it, so another media server fits behind the same model.
import type { ParticipantClient } from '../kernel/db/schema.ts';
import { present } from '../kernel/db/present.ts';

export type { ParticipantClient };

export type StreamKind = 'audio' | 'video' | 'screen';

type Envelope = {
  /**
   * Names the event uniquely on its source (the Janus adapter hashes the raw event, the simulator
   * numbers them): a second delivery with the same key is ignored.
   */
  key: string;
  /** The media server node (or `simulator`). */
  node: string;
  /** When it happened on the node, epoch milliseconds. Events may arrive out of this order. */
  at: number;
  /** The portal meeting (meetings.id) the room belongs to. */
  meetingId: string;
};

type OfParticipant = {
  /** The participant part of the join grant's opaque id: a user id, or `guest-<uuid>`. */
  participant: string;
};

/** Who ended a meeting's run, as the meeting.ended webhook and the meeting log say it. */
export type EndedBy = { kind: 'host' | 'administrator'; userId: string | null } | { kind: 'plan_limit' };

export type MediaEvent = Envelope &
  (
    | { type: 'room.opened'; roomId?: number }
    /** `endedBy`: who ended it on purpose (the host, an administrator from Live meetings, the plan's length). */
    | { type: 'room.closed'; endedBy?: EndedBy }
    | ({ type: 'participant.joined'; display: string } & OfParticipant)
    | ({ type: 'participant.left'; reason?: string } & OfParticipant)
    /** What the participant's own client says about itself (the meeting room page reports it). */
    | ({ type: 'participant.client'; client: ParticipantClient } & OfParticipant)
    | ({
        type: 'stream.published';
        streams: { kind: StreamKind; codec?: string }[];
        /**
         * The media server's id of the publisher (a Janus VideoRoom feed id, as a string), when it says:
         * it names the publisher's raw recordings (`-user-<id>-`), so a recording can tell whose picture
         * is whose and when a screen was shared (src/recordings/layout.ts).
         */
        publisher?: string;
      } & OfParticipant)
    | ({ type: 'stream.unpublished'; kinds: StreamKind[] } & OfParticipant)
    | ({
        type: 'media.stats';
        kind: 'audio' | 'video';
        codec?: string;
        /** Kilobits per second received by the media server from the participant, and sent to them. */
        inKbps: number;
        outKbps: number;
        /** Percent of packets lost (0–100). */
        packetLoss: number;
        jitterMs: number;
        rttMs: number;
      } & OfParticipant)
    | { type: 'recording.started' }
    | { type: 'recording.stopped' }
  );

export type MediaEventType = MediaEvent['type'];

/** Where events came from: a real media server, or the built-in simulator. */
export type EventSource = 'media' | 'simulator';

export const participantEventTypes = new Set<MediaEventType>([
  'participant.joined',
  'participant.left',
  'participant.client',
  'stream.published',
  'stream.unpublished',
  'media.stats',
]);

/** The opaque id every handle of a participant carries (src/meetings/room.ts hands it out). */
export const opaqueIdOf = (meetingId: string, participant: string) => `meeting:${meetingId}/participant:${participant}`;

const opaquePattern = /^meeting:([0-9a-f-]{36})\/participant:([A-Za-z0-9-]{1,64})$/;

/** The meeting and participant an opaque id names, or null for anything else (the portal's control handle). */
export function parseOpaqueId(opaque: string | undefined | null): { meetingId: string; participant: string } | null {
  const match = opaque ? opaquePattern.exec(opaque) : null;
  return match ? { meetingId: present(match[1], 'match[1]'), participant: present(match[2], 'match[2]') } : null;
}

/**
 * Call quality thresholds: a participant whose samples stay above any of them for
 * `poorSamplesToFlag` samples in a row is flagged (about 10 s at Janus's 2 s stats period).
 */
export const qualityThresholds = { packetLoss: 5, jitterMs: 30, rttMs: 300 } as const;
export const poorSamplesToFlag = 5;
