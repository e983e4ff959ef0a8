// Labels of the meeting fields whose values are codes: record modes and the personal meeting's
// Security (join mode); the option toggles are in meeting-options.ts. The texts match the meeting and
// recording settings screens word for word, so they share one translation.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Schema } from '@portal/api-client';

export type RecordingMode = Schema<'RecordingMode'>;
export type JoinMode = Schema<'JoinMode'>;
export type Weekday = Schema<'Weekday'>;

export const recordModes: { value: RecordingMode; label: MessageDescriptor }[] = [
  { value: 'host_with_screen_share', label: msg`Host only with screen share` },
  { value: 'gallery_with_screen_share', label: msg`Gallery with screen share` },
  { value: 'active_speaker_with_screen_share', label: msg`Active speaker with screen share` },
  { value: 'audio_only', label: msg`Audio only` },
  { value: 'audio_and_video', label: msg`Audio and video` },
  { value: 'audio_and_screen_share', label: msg`Audio and screenshare` },
];

export const joinModes: { value: JoinMode; label: MessageDescriptor }[] = [
  { value: 'open', label: msg`Anyone with the link and password` },
  { value: 'waiting_for_host', label: msg`Wait until the host joins` },
  { value: 'signed_in', label: msg`Signed-in users only` },
  { value: 'locked', label: msg`Locked: nobody new may join` },
];

/** Sunday to Saturday, as the weekly recurrence offers them. */
export const WEEKDAYS: readonly Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The short name of a weekday in `locale` (2023-01-01 was a Sunday). */
export function weekdayName(day: Weekday, locale: string, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(day))));
}
