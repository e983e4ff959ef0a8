// A new meeting's option toggles (calls section 9) start from a meeting mode of the meeting
// settings: the one asked for, else the first one; with no mode saved, from the platform's own
// defaults below (the same the meeting settings screen starts a new mode with). What the request
// gives wins over the mode.
import type { AppDatabase } from '../kernel/db/database.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import { findSettings } from '../settings/index.ts';

export type MeetingOptions = Schemas['MeetingOptions'];

export const platformMeetingOptions: MeetingOptions = {
  muteOnEntry: false,
  videoOffOnEntry: false,
  coHost: true,
  reactions: true,
  rename: true,
  breakoutRooms: false,
  hideProfilePicture: false,
  joinBeforeHost: false,
  lockedRoom: false,
  meetingPassword: false,
  loggedInOnly: false,
  kickedUsersCanRejoin: false,
  autoRecord: false,
  audioBridge: { computer: true, dialIn: false, dialOut: false },
  chat: { enabled: true, private: true, saveHistory: false, emojis: true, fileTransfer: false },
  whiteboard: true,
  emailNotifications: true,
  screenShare: 'host',
  annotation: 'all',
};

type StoredModes = { modes?: { name: string; options: MeetingOptions }[] };

/** The saved meeting modes, in their order: what the Schedule screen's Meeting mode select offers. Read in a platform transaction, like `defaultOptions`. */
export async function savedModes(database: Pick<AppDatabase, 'withPlatform'>): Promise<{ name: string; options: MeetingOptions }[]> {
  const saved = await database.withPlatform((tx) => findSettings(tx, 'meeting'));
  return (saved?.value as StoredModes | undefined)?.modes ?? [];
}

/**
 * The options of `modeName` (400 `unknown_meeting_mode` when no such mode is saved), else of the
 * first mode, else the platform's. The meeting settings are platform settings, which row-level
 * security shows to platform transactions only: they are read in one of their own, so call this
 * before opening the tenant's transaction (PGlite runs one transaction at a time).
 */
export async function defaultOptions(database: Pick<AppDatabase, 'withPlatform'>, modeName: string | null | undefined): Promise<{ mode: string | null; options: MeetingOptions }> {
  const modes = await savedModes(database);
  if (modeName) {
    const mode = modes.find((candidate) => candidate.name === modeName);
    if (!mode) throw fieldError('meetingMode', 'unknown_meeting_mode', 'No meeting mode has this name.');
    return { mode: mode.name, options: mode.options };
  }
  const first = modes[0];
  return first ? { mode: first.name, options: first.options } : { mode: null, options: platformMeetingOptions };
}
