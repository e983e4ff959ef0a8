// What the traffic simulator (simulator.ts) and the demo history (demo-history.ts) make up: a
// meeting's run planned ahead (who joins when, on which client and network, who shares a screen,
// whether it is recorded, whose network goes bad), and the portal's own media events
// (events.ts) of that plan for any window of time. Everything comes from a seeded random
// generator, and the statistics of a sample from the participant and the sample's number, so a
// seed gives the same events however the time is cut into windows.
import type { MediaEvent, ParticipantClient } from './events.ts';
import { present } from '../kernel/db/present.ts';

/** A small seeded generator (mulberry32): fast, and the same numbers for the same seed everywhere. */
export type Rng = {
  /** In [0, 1). */
  next: () => number;
  /** A whole number in [min, max]. */
  int: (min: number, max: number) => number;
  /** A number in [min, max). */
  between: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(list: readonly T[]) => T;
  /** A new generator seeded from this one's next number. */
  fork: () => Rng;
  uuid: () => string;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (list) => present(list[Math.floor(next() * list.length)], 'list[Math.floor(next() * list.length)]'),
    fork: () => createRng(Math.floor(next() * 4_294_967_296)),
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Math.floor(next() * 4) + 8) >>> 0).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
  return rng;
}

/** Mixes numbers into one 32-bit seed (for the generator of one sample of one participant). */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** A person who may take part: a user of the tenant (participant = their id) or a guest (`guest-<uuid>`). */
export type SimPerson = { participant: string; display: string };

/** A meeting the simulator may run, with the people of its tenant. */
export type SimMeeting = { meetingId: string; tenantId: string; hostId: string; people: readonly SimPerson[] };

export type Network = 'wifi' | 'ethernet' | 'cellular';
type Platform = 'web' | 'desktop' | 'mobile';

type ClientKind = { platform: Platform; os: string; osVersions: readonly string[]; browser: string; browserVersions: readonly string[]; networks: readonly Network[]; cameras: readonly string[]; mics: readonly string[]; speakers: readonly string[] };

/** Device labels as the browser names them, by the kind of computer (a headset or webcam may be plugged into any). */
const plugged = { cameras: ['Logitech C920 HD Pro Webcam', 'Logitech BRIO'], mics: ['Jabra Evolve2 65', 'Logitech H390 Headset'], speakers: ['Jabra Evolve2 65', 'Logitech H390 Headset'] };
const devices = {
  mac: { cameras: ['FaceTime HD Camera', 'FaceTime HD Camera', ...plugged.cameras], mics: ['MacBook Pro Microphone', 'AirPods Pro', ...plugged.mics], speakers: ['MacBook Pro Speakers', 'AirPods Pro', ...plugged.speakers] },
  windows: { cameras: ['Integrated Webcam', 'HP HD Camera', ...plugged.cameras], mics: ['Microphone Array (Realtek(R) Audio)', ...plugged.mics], speakers: ['Speakers (Realtek(R) Audio)', ...plugged.speakers] },
  linux: { cameras: ['Integrated Camera', ...plugged.cameras], mics: ['Built-in Audio Analog Stereo', ...plugged.mics], speakers: ['Built-in Audio Analog Stereo', ...plugged.speakers] },
  ios: { cameras: ['Front Camera'], mics: ['iPhone Microphone', 'AirPods Pro'], speakers: ['iPhone Speaker', 'AirPods Pro'] },
  android: { cameras: ['camera2 1, facing front'], mics: ['Default'], speakers: ['Speakerphone', 'Galaxy Buds2 Pro'] },
} satisfies Record<string, Pick<ClientKind, 'cameras' | 'mics' | 'speakers'>>;

const clientKinds: readonly (ClientKind & { weight: number })[] = [
  { weight: 30, platform: 'web', os: 'Windows', osVersions: ['11', '10'], browser: 'Chrome', browserVersions: ['131.0', '130.0', '129.0'], networks: ['wifi', 'ethernet'], ...devices.windows },
  { weight: 14, platform: 'web', os: 'macOS', osVersions: ['15.1', '14.7', '15.0'], browser: 'Safari', browserVersions: ['18.1', '18.0', '17.6'], networks: ['wifi'], ...devices.mac },
  { weight: 10, platform: 'web', os: 'macOS', osVersions: ['15.1', '14.7'], browser: 'Chrome', browserVersions: ['131.0', '130.0'], networks: ['wifi', 'ethernet'], ...devices.mac },
  { weight: 6, platform: 'web', os: 'Ubuntu', osVersions: ['24.04', '22.04'], browser: 'Firefox', browserVersions: ['133.0', '132.0'], networks: ['ethernet', 'wifi'], ...devices.linux },
  { weight: 6, platform: 'web', os: 'Windows', osVersions: ['11'], browser: 'Edge', browserVersions: ['131.0'], networks: ['ethernet', 'wifi'], ...devices.windows },
  { weight: 12, platform: 'desktop', os: 'Windows', osVersions: ['11', '10'], browser: 'Portal Desktop', browserVersions: ['3.4.2', '3.4.1', '3.3.0'], networks: ['ethernet', 'wifi'], ...devices.windows },
  { weight: 8, platform: 'desktop', os: 'macOS', osVersions: ['15.1', '14.7'], browser: 'Portal Desktop', browserVersions: ['3.4.2', '3.4.1'], networks: ['wifi', 'ethernet'], ...devices.mac },
  { weight: 8, platform: 'mobile', os: 'iOS', osVersions: ['18.1', '18.0', '17.7'], browser: 'Portal iOS', browserVersions: ['3.3.1', '3.3.0'], networks: ['wifi', 'cellular'], ...devices.ios },
  { weight: 6, platform: 'mobile', os: 'Android', osVersions: ['15', '14', '13'], browser: 'Chrome', browserVersions: ['131.0', '130.0'], networks: ['wifi', 'cellular'], ...devices.android },
];
const totalWeight = clientKinds.reduce((sum, kind) => sum + kind.weight, 0);

/** Addresses of the documentation ranges (RFC 5737): realistic-looking, never anyone's. */
const ipRanges = ['192.0.2', '198.51.100', '203.0.113'] as const;

const guestNames = [
  'María García',
  'Tom Becker',
  'Yuki Tanaka',
  'Rahul Mehta',
  'Sara Lindgren',
  'Pierre Dubois',
  'Ana Costa',
  'David Cohen',
  'Leila Nasser',
  'Ivan Petrov',
  'Grace Kim',
  'Samuel Mensah',
  'Dilnoza Yusupova',
  'Karim Benali',
] as const;

const videoCodecs = ['vp8', 'vp8', 'vp8', 'h264', 'vp9', 'av1'] as const;

export function clientOf(rng: Rng): ParticipantClient {
  let roll = rng.next() * totalWeight;
  const kind = clientKinds.find((candidate) => (roll -= candidate.weight) < 0) ?? present(clientKinds[0], 'clientKinds[0]');
  return {
    os: kind.os,
    osVersion: rng.pick(kind.osVersions),
    browser: kind.browser,
    browserVersion: rng.pick(kind.browserVersions),
    platform: kind.platform,
    network: rng.pick(kind.networks),
    ip: `${rng.pick(ipRanges)}.${rng.int(2, 254)}`,
    camera: rng.pick(kind.cameras),
    mic: rng.pick(kind.mics),
    speaker: rng.pick(kind.speakers),
  };
}

export type ParticipantPlan = SimPerson & {
  client: ParticipantClient;
  joinAt: number;
  /** When they leave; at or after the end, the room's closing takes them out. */
  leaveAt: number;
  audioCodec: 'opus';
  /** Null: audio only. */
  videoCodec: string | null;
  /** They turn the camera off at this time. */
  cameraOffAt: number | null;
  screen: { from: number; to: number } | null;
  /** The video bitrate they send when all is well, kbps. */
  videoKbps: number;
  /** A stretch with a bad network: loss, jitter or round-trip time over the quality thresholds. */
  poor: { from: number; to: number; by: 'packet_loss' | 'jitter' | 'rtt' } | null;
  statsEveryMs: number;
};

export type SessionPlan = {
  meetingId: string;
  tenantId: string;
  seed: number;
  roomId: number;
  startAt: number;
  endAt: number;
  recording: { from: number; to: number } | null;
  participants: ParticipantPlan[];
};

export type PlanOptions = {
  startAt: number;
  durationMs: number;
  /** The most people who take part (at least 2). */
  maxPeople?: number;
  /** Statistics period per participant: a fixed period (live, 2 s), or about this many samples over their stay (history). */
  stats: { everyMs: number } | { samples: number };
  /** Chance that a participant's network goes bad for a while, on a mobile network and on others. */
  poorChance?: { cellular: number; other: number };
  /** A bad network lasts a stretch of their stay (live), or all of it (history, with few samples). */
  poorSpan?: 'stretch' | 'stay';
};

/** Plans one run of a meeting: its host (usually) and some of the tenant's people and guests. */
export function planSession(rng: Rng, meeting: SimMeeting, options: PlanOptions): SessionPlan {
  const { startAt, durationMs } = options;
  const endAt = startAt + durationMs;
  const seed = Math.floor(rng.next() * 4_294_967_296);
  const host = meeting.people.find((person) => person.participant === meeting.hostId);
  const others = meeting.people.filter((person) => person.participant !== meeting.hostId);
  const wanted = rng.int(2, Math.max(2, options.maxPeople ?? 7));
  const chosen: SimPerson[] = [];
  if (host && rng.chance(0.9)) chosen.push(host);
  const pool = [...others];
  while (chosen.length < wanted && pool.length > 0 && !(chosen.length >= 2 && rng.chance(0.15))) {
    chosen.push(present(pool.splice(rng.int(0, pool.length - 1), 1)[0], 'pool.splice(rng.int(0, pool.length - 1), 1)[0]'));
  }
  const guests = rng.chance(0.45) ? rng.int(1, 2) : 0;
  for (let i = 0; i < guests; i += 1) chosen.push({ participant: `guest-${rng.uuid()}`, display: rng.pick(guestNames) });
  const participants = chosen.map((person, index): ParticipantPlan => {
    const first = index === 0;
    // The first one opens the meeting; most join in its first fifth, a few late.
    const joinAt = first ? startAt + rng.int(500, 4_000) : startAt + Math.floor(rng.chance(0.8) ? rng.between(3_000, Math.max(6_000, durationMs * 0.2)) : rng.between(durationMs * 0.2, durationMs * 0.6));
    const leavesEarly = !first && rng.chance(0.25);
    const leaveAt = leavesEarly ? Math.min(endAt - 1_000, joinAt + Math.floor(rng.between(30_000, Math.max(40_000, endAt - joinAt)))) : endAt + 1_000;
    const client = clientOf(rng);
    const mobile = client.platform === 'mobile';
    const videoCodec = rng.chance(0.82) ? rng.pick(videoCodecs) : null;
    const gone = Math.min(leaveAt, endAt);
    const stay = gone - joinAt;
    const cameraOffAt = videoCodec && rng.chance(0.15) ? joinAt + Math.floor(rng.between(stay * 0.3, stay * 0.9)) : null;
    const poorBy = rng.pick(['packet_loss', 'jitter', 'rtt'] as const);
    const poorFrom = joinAt + Math.floor(rng.between(0, stay * 0.5));
    const poorTo = options.poorSpan === 'stay' ? gone : poorFrom + Math.floor(rng.between(stay * 0.3, stay * 0.6));
    const poor = rng.chance((options.poorChance ?? { cellular: 0.2, other: 0.05 })[client.network === 'cellular' ? 'cellular' : 'other']) ? { from: options.poorSpan === 'stay' ? joinAt : poorFrom, to: poorTo, by: poorBy } : null;
    const statsEveryMs = 'everyMs' in options.stats ? options.stats.everyMs : Math.max(2_000, Math.floor(stay / (options.stats.samples + 1)));
    return {
      ...person,
      client,
      joinAt,
      leaveAt,
      audioCodec: 'opus',
      videoCodec,
      cameraOffAt,
      screen: null,
      videoKbps: mobile ? rng.int(300, 650) : rng.int(700, 1_500),
      poor,
      statsEveryMs,
    };
  });
  if (participants.length > 0 && rng.chance(0.4)) {
    // Mostly the host shows something, for a while in the middle.
    const sharer = rng.chance(0.6) ? present(participants[0], 'participants[0]') : rng.pick(participants);
    const stay = Math.min(sharer.leaveAt, endAt) - sharer.joinAt;
    const from = sharer.joinAt + Math.floor(rng.between(stay * 0.1, stay * 0.5));
    sharer.screen = { from, to: from + Math.floor(rng.between(stay * 0.15, stay * 0.45)) };
  }
  const recording = rng.chance(0.3) ? { from: startAt + Math.floor(rng.between(5_000, durationMs * 0.2)), to: rng.chance(0.5) ? endAt - Math.floor(rng.between(1_000, durationMs * 0.1)) : endAt + 1_000 } : null;
  return { meetingId: meeting.meetingId, tenantId: meeting.tenantId, seed, roomId: rng.int(100_000, 9_999_999), startAt, endAt, recording, participants };
}

/** An event of a plan before the runner names it (key) and says which node it came from. */
export type PlannedEvent = MediaEvent extends infer E ? (E extends MediaEvent ? Omit<E, 'key' | 'node'> : never) : never;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A statistics sample: good values around the network's usual ones, bad ones in a poor stretch. */
function sampleOf(plan: SessionPlan, index: number, person: ParticipantPlan, sample: number, at: number, present: number) {
  const rng = createRng(mixSeed(plan.seed, index, sample));
  const network = (person.client.network ?? 'wifi') as Network;
  const base = {
    ethernet: { loss: rng.between(0, 0.3), jitter: rng.between(1, 5), rtt: rng.between(8, 35) },
    wifi: { loss: rng.between(0, 1.5), jitter: rng.between(3, 15), rtt: rng.between(15, 70) },
    cellular: { loss: rng.between(0.2, 3), jitter: rng.between(8, 25), rtt: rng.between(40, 160) },
  }[network];
  const poor = person.poor && at >= person.poor.from && at < person.poor.to ? person.poor.by : null;
  if (poor === 'packet_loss') base.loss = rng.between(6, 18);
  if (poor === 'jitter') base.jitter = rng.between(35, 90);
  if (poor === 'rtt') base.rtt = rng.between(320, 700);
  const squeeze = poor ? 0.55 : 1;
  const others = Math.max(1, present - 1);
  const common = { packetLoss: round1(base.loss), jitterMs: Math.round(base.jitter), rttMs: Math.round(base.rtt) };
  const audio = { kind: 'audio' as const, codec: person.audioCodec, inKbps: rng.int(28, 34), outKbps: Math.round(rng.between(28, 34) * Math.min(others, 3)), ...common };
  const video = { kind: 'video' as const, codec: person.videoCodec ?? undefined, inKbps: Math.round(person.videoKbps * rng.between(0.88, 1.08) * squeeze), outKbps: Math.round(Math.min(2_500, rng.between(450, 900) * Math.min(others, 4)) * squeeze), ...common };
  return { audio, video };
}

/**
 * The events of a plan that happen in the window (from, to]: the room opening and closing,
 * people joining (with their client), publishing, sharing, turning the camera off, leaving,
 * recording, and every participant's statistics (audio, and video while the camera is on).
 * `stats: false` leaves the statistics out (a window the runner skips after falling behind).
 */
export function plannedEvents(plan: SessionPlan, from: number, to: number, { stats = true } = {}): PlannedEvent[] {
  const events: PlannedEvent[] = [];
  const inWindow = (at: number) => at > from && at <= to;
  const meetingId = plan.meetingId;
  // Nothing happens after the room closed (the runner may close it early).
  const add = (event: PlannedEvent) => {
    if (inWindow(event.at) && event.at <= plan.endAt) events.push(event);
  };
  add({ type: 'room.opened', at: plan.startAt, meetingId, roomId: plan.roomId });
  if (plan.recording) {
    add({ type: 'recording.started', at: plan.recording.from, meetingId });
    if (plan.recording.to < plan.endAt) add({ type: 'recording.stopped', at: plan.recording.to, meetingId });
  }
  const presentAt = (at: number) => plan.participants.filter((person) => person.joinAt <= at && at < person.leaveAt).length;
  plan.participants.forEach((person, index) => {
    const participant = person.participant;
    const gone = Math.min(person.leaveAt, plan.endAt);
    add({ type: 'participant.joined', at: person.joinAt, meetingId, participant, display: person.display });
    add({ type: 'participant.client', at: person.joinAt + 300, meetingId, participant, client: person.client });
    add({ type: 'stream.published', at: person.joinAt + 1_200, meetingId, participant, streams: [{ kind: 'audio', codec: person.audioCodec }, ...(person.videoCodec ? [{ kind: 'video' as const, codec: person.videoCodec }] : [])] });
    if (person.cameraOffAt !== null && person.cameraOffAt < gone) add({ type: 'stream.unpublished', at: person.cameraOffAt, meetingId, participant, kinds: ['video'] });
    if (person.screen && person.screen.from < gone) {
      add({ type: 'stream.published', at: person.screen.from, meetingId, participant, streams: [{ kind: 'screen', codec: person.videoCodec ?? 'vp8' }] });
      if (person.screen.to < gone) add({ type: 'stream.unpublished', at: person.screen.to, meetingId, participant, kinds: ['screen'] });
    }
    if (person.leaveAt < plan.endAt) add({ type: 'participant.left', at: person.leaveAt, meetingId, participant, reason: 'hangup' });
    if (!stats) return;
    // Samples at joinAt + k·period while present: only those of the window are computed.
    const period = person.statsEveryMs;
    const first = Math.max(1, Math.floor((Math.max(from, person.joinAt) - person.joinAt) / period));
    for (let k = first; ; k += 1) {
      const at = person.joinAt + k * period;
      if (at > to || at >= gone) break;
      if (at <= from) continue;
      const { audio, video } = sampleOf(plan, index, person, k, at, presentAt(at));
      events.push({ type: 'media.stats', at, meetingId, participant, ...audio });
      const cameraOn = person.videoCodec !== null && at > person.joinAt + 1_200 && (person.cameraOffAt === null || at < person.cameraOffAt);
      // A millisecond after the audio one: the participant's latest figures are their video's.
      if (cameraOn) events.push({ type: 'media.stats', at: at + 1, meetingId, participant, ...video });
    }
  });
  add({ type: 'room.closed', at: plan.endAt, meetingId });
  return events.sort((a, b) => a.at - b.at);
}

export const videoIssueVocabulary = ['frozen', 'blurry', 'no_video', 'out_of_sync'] as const;
export const audioIssueVocabulary = ['echo', 'no_audio', 'choppy', 'background_noise'] as const;

const suggestions = [
  'Please add a way to raise a hand.',
  'The screen share was hard to read on my phone.',
  'Great call, no problems at all.',
  'Joining from the calendar link took two tries.',
  'Would like captions during the meeting.',
  'Audio dropped a few times on the train.',
  'Recording link should come by email.',
  'Background blur would help.',
] as const;

export type FeedbackPlan = { rating: number; videoIssues: string[]; audioIssues: string[]; suggestion: string | null };

/** What a participant says when the meeting ends, if they answer at all: worse when their call was flagged. */
export function feedbackOf(rng: Rng, flagged: boolean): FeedbackPlan | null {
  if (!rng.chance(flagged ? 0.7 : 0.4)) return null;
  const rating = flagged ? rng.pick([1, 2, 2, 3, 3, 4]) : rng.pick([2, 3, 3, 4, 4, 4, 5, 5, 5, 5]);
  const issues = rating <= 3 ? rng.int(1, 3) : rng.chance(0.15) ? 1 : 0;
  const videoIssues = new Set<string>();
  const audioIssues = new Set<string>();
  for (let i = 0; i < issues; i += 1) {
    if (rng.chance(0.5)) videoIssues.add(rng.pick(videoIssueVocabulary));
    else audioIssues.add(rng.pick(audioIssueVocabulary));
  }
  return { rating, videoIssues: [...videoIssues].sort(), audioIssues: [...audioIssues].sort(), suggestion: rng.chance(0.3) ? rng.pick(suggestions) : null };
}
