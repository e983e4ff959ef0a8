import { msg } from '@lingui/core/macro';
import type { AudioIssue, VideoIssue } from '../../api/feedback/submit-meeting-feedback';

export const VIDEO_ISSUES: readonly VideoIssue[] = ['frozen', 'blurry', 'no_video', 'out_of_sync'];
export const AUDIO_ISSUES: readonly AudioIssue[] = ['echo', 'no_audio', 'choppy', 'background_noise'];

export const videoIssueLabels = {
  frozen: msg`Frozen video`,
  blurry: msg`Blurry video`,
  no_video: msg`No video`,
  out_of_sync: msg`Out of sync`,
} as const satisfies Record<VideoIssue, unknown>;

export const audioIssueLabels = {
  echo: msg`Echo`,
  no_audio: msg`No audio`,
  choppy: msg`Choppy audio`,
  background_noise: msg`Background noise`,
} as const satisfies Record<AudioIssue, unknown>;
