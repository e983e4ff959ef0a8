import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fieldErrorText } from '@portal/forms';
import { validationMessages } from '@portal/i18n';

/** Spec: 'Meeting id already exists' (a personal meeting id another meeting has). */
export const meetingIdExists = msg`Meeting id already exists`;
/** Spec: the schedule screen's own failure text. */
export const scheduleFailed = msg`Failed.. try again..!!`;

const meetingFieldMessages = {
  invalid_topic: validationMessages.topic,
  invalid_meeting_password: validationMessages.meetingPassword,
  password_required: validationMessages.meetingPassword,
  start_in_past: validationMessages.upcomingTime,
  weekday_required: validationMessages.selectDay,
  end_before_start: validationMessages.endBeforeStart,
  invalid_personal_meeting_id: validationMessages.meetingId10,
  invalid_personal_password: validationMessages.meetingPasswordMin6,
  meeting_id_exists: meetingIdExists,
  invalid_time_zone: msg`Choose a valid time zone`,
  invalid_duration: msg`Choose a duration from 5 minutes to 24 hours`,
  plan_duration_exceeded: msg`Your organisation's plan does not allow meetings this long; choose a shorter duration`,
  end_required: msg`Choose when the meeting stops repeating`,
  unknown_meeting_mode: msg`This meeting mode no longer exists; choose another one`,
  unknown_user: msg`A co-host is no longer a user of this organisation`,
  record_mode_disabled: msg`This record mode is switched off on this platform; choose another one`,
} as const;

/** The spec's text under a meeting form field for a server field error code. */
export function meetingFieldErrorText(code: string, i18n: I18n): string {
  return Object.hasOwn(meetingFieldMessages, code) ? i18n._(meetingFieldMessages[code as keyof typeof meetingFieldMessages]) : fieldErrorText(code, i18n);
}
