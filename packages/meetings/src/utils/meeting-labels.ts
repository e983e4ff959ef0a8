// Labels of the meeting fields whose values are codes: record modes, the option toggles of spec
// section 9 and the personal meeting's Security (join mode). The texts match the meeting and
// recording settings screens word for word, so they share one translation.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Schema } from '@portal/api-client';

export type MeetingOptions = Schema<'MeetingOptions'>;
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

type BooleanKey<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T];

export const meetingToggles: { key: BooleanKey<MeetingOptions>; label: MessageDescriptor }[] = [
  { key: 'muteOnEntry', label: msg`Mute on entry` },
  { key: 'videoOffOnEntry', label: msg`Video off on entry` },
  { key: 'coHost', label: msg`Co-host` },
  { key: 'reactions', label: msg`Reactions` },
  { key: 'rename', label: msg`Rename` },
  { key: 'breakoutRooms', label: msg`Breakout rooms` },
  { key: 'hideProfilePicture', label: msg`Hide profile picture` },
  { key: 'joinBeforeHost', label: msg`Join before host` },
  { key: 'lockedRoom', label: msg`Locked room` },
  { key: 'meetingPassword', label: msg`Meeting password` },
  { key: 'loggedInOnly', label: msg`Logged-in users only` },
  { key: 'kickedUsersCanRejoin', label: msg`Kicked users can rejoin` },
  { key: 'autoRecord', label: msg`Auto record` },
  { key: 'whiteboard', label: msg`Whiteboard` },
  { key: 'emailNotifications', label: msg`Email notifications` },
];

export const audioBridgeToggles: { key: keyof MeetingOptions['audioBridge']; label: MessageDescriptor }[] = [
  { key: 'computer', label: msg`Computer audio` },
  { key: 'dialIn', label: msg`Dial in` },
  { key: 'dialOut', label: msg`Dial out` },
];

export const chatToggles: { key: keyof MeetingOptions['chat']; label: MessageDescriptor }[] = [
  { key: 'enabled', label: msg`Enable chat` },
  { key: 'private', label: msg`Private chat` },
  { key: 'saveHistory', label: msg`Save chat history` },
  { key: 'emojis', label: msg`Emojis` },
  { key: 'fileTransfer', label: msg`File transfer` },
];

/** The platform's default options, shown until the server applies the meeting mode's own. */
export function defaultMeetingOptions(): MeetingOptions {
  return {
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
}

/** Sunday to Saturday, as the weekly recurrence offers them. */
export const WEEKDAYS: readonly Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The short name of a weekday in `locale` (2023-01-01 was a Sunday). */
export function weekdayName(day: Weekday, locale: string, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(day))));
}
