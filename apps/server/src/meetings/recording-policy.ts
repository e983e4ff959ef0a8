// Which record modes people may choose, and whether and how a meeting's room records.
//
// The recording settings (platform section `recording`, super administrator) list the enabled
// record modes. Before they are first saved every mode is enabled (the settings screen starts with
// all six ticked); saved with none, recording is switched off on the whole platform.
//
// - Scheduling: a meeting or personal meeting may only be given an enabled record mode (400
//   `record_mode_disabled` on `recordMode`); getMeetingModes tells the forms which ones.
// - A meeting keeps a mode switched off after it was chosen (nothing is rewritten behind its host's
//   back, and switching the mode on again brings it back), but its room never records in it.
// - When the room opens (roomRecordMode), before this issue a meeting with a record mode was
//   recorded from the start and one without was not; that stays. The `autoRecord` option adds: a
//   meeting without a usable record mode (none chosen, or one switched off) records from the start
//   in the platform's first enabled mode. Nothing records while recording is switched off on the
//   platform, nor an end-to-end encrypted meeting (its media is ciphertext to the media server).
// The mode chosen is kept with the room (meeting_rooms.record_mode), so its recording is converted
// as it was made even if the settings change while it runs.
import type { AppDatabase } from '../kernel/db/database.ts';
import { cachedRead } from '../kernel/db/process-cache.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import { findSettings } from '../settings/index.ts';

export type RecordMode = Schemas['RecordingMode'];

/** Spec section 9's record modes, in the settings screen's order. */
export const allRecordModes = [
  'host_with_screen_share',
  'gallery_with_screen_share',
  'active_speaker_with_screen_share',
  'audio_only',
  'audio_and_video',
  'audio_and_screen_share',
] as const satisfies readonly RecordMode[];

const isRecordMode = (value: unknown): value is RecordMode => (allRecordModes as readonly unknown[]).includes(value);

const cache = { name: 'meetings.record-modes', maxEntries: 1, ttlMs: 5_000 };

/** The record modes the platform offers now, in the settings screen's order; empty: recording is switched off. */
export async function enabledRecordModes(database: AppDatabase): Promise<RecordMode[]> {
  // Wrapped: the cache takes a null answer for a miss. Read in a platform transaction of its own
  // (platform settings), so call it before opening the tenant's.
  const saved = await cachedRead(database, cache, 'recording', async () => {
    const row = await database.withPlatform((tx) => findSettings(tx, 'recording'));
    const modes = row?.value.modes;
    return { modes: Array.isArray(modes) ? allRecordModes.filter((mode) => modes.includes(mode)) : [...allRecordModes] };
  });
  return saved.modes;
}

/** 400 `record_mode_disabled` when `mode` is set and the platform does not offer it. */
export function checkRecordMode(mode: string | null | undefined, enabled: readonly RecordMode[], field = 'recordMode'): void {
  if (mode === null || mode === undefined) return;
  if (!isRecordMode(mode) || !enabled.includes(mode)) throw fieldError(field, 'record_mode_disabled', 'This record mode is switched off on this platform.');
}

/** The mode a meeting's room records in when it opens now, or null when it does not record (see the rules above). */
export function roomRecordMode(
  meeting: { recordMode: string | null; options: Record<string, unknown>; endToEndEncrypted: boolean },
  enabled: readonly RecordMode[],
): RecordMode | null {
  if (meeting.endToEndEncrypted) return null;
  if (isRecordMode(meeting.recordMode) && enabled.includes(meeting.recordMode)) return meeting.recordMode;
  if (meeting.options.autoRecord === true) return enabled[0] ?? null;
  return null;
}
