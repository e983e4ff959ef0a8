// The meeting option toggles of spec section 9, in the order the screen shows them.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Schema } from '@portal/api-client';

export type MeetingOptions = Schema<'MeetingOptions'>;
export type MeetingMode = Schema<'MeetingMode'>;

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

/** The options a new mode starts with: an ordinary meeting. */
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
