import { LANDING_PATH } from '@portal/auth';
import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';
import {
  CLOUD_RECORDINGS_PATH,
  LOCAL_RECORDINGS_PATH,
  MY_RECORDINGS_PATH,
  COMPLETED_MEETINGS_PATH,
  DASHBOARD_PATH,
  EDIT_MEETING_PATH,
  EDIT_OCCURRENCE_PATH,
  FEEDBACK_PATH,
  JOIN_PATH,
  LAUNCH_PATH,
  LIVE_MEETINGS_PATH,
  MEETING_LOG_PATH,
  MEETING_STATE_PATH,
  OPEN_MEETINGS_PATH,
  PAST_MEETINGS_PATH,
  PERSONAL_MEETING_PATH,
  RECORDING_PLAYER_PATH,
  SCHEDULE_MEETING_PATH,
  UPCOMING_MEETINGS_PATH,
} from './meeting-paths';
import { settingsRoutes } from './settings-routes';

export type MeetingsRoutesOptions = {
  /** The portal's release shown on the landing page; the app owns it, not this feature. */
  version: string;
  build: string;
};

/**
 * Routes of the meetings feature, relative to the portal's `/portal` base. Screens load lazily.
 * The landing and launch pages are public (they show more once signed in); the portal guards the
 * member's meeting screens (spec-routes).
 */
export function meetingsRoutes({ version, build }: MeetingsRoutesOptions): RouteObject[] {
  return [
    lazyRoute(
      LANDING_PATH,
      () => import('../components/landing-page'),
      ({ LandingPage }) =>
        () => <LandingPage version={version} build={build} />,
    ),
    lazyRoute(LAUNCH_PATH, () => import('../components/launch-page'), (module) => module.LaunchPage),
    // The meeting room: public and chrome-less; janus.js loads only once someone enters.
    lazyRoute(JOIN_PATH, () => import('../components/meeting-room'), (module) => module.JoinMeetingPage),
    // A recording's share link: public and chrome-less, like the meeting room.
    lazyRoute(RECORDING_PLAYER_PATH, () => import('../components/recording-player'), (module) => module.RecordingPlayerPage),
    lazyRoute(
      UPCOMING_MEETINGS_PATH,
      () => import('../components/upcoming-meetings'),
      (module) => module.UpcomingMeetingsScreen,
    ),
    lazyRoute(OPEN_MEETINGS_PATH, () => import('../components/open-meetings'), (module) => module.OpenMeetingsScreen),
    lazyRoute(PAST_MEETINGS_PATH, () => import('../components/past-meetings'), (module) => module.PastMeetingsScreen),
    lazyRoute(
      SCHEDULE_MEETING_PATH,
      () => import('../components/schedule-meeting'),
      ({ ScheduleMeetingScreen }) =>
        () => <ScheduleMeetingScreen mode="new" />,
    ),
    lazyRoute(
      EDIT_MEETING_PATH,
      () => import('../components/schedule-meeting'),
      ({ ScheduleMeetingScreen }) =>
        () => <ScheduleMeetingScreen mode="edit" />,
    ),
    lazyRoute(
      EDIT_OCCURRENCE_PATH,
      () => import('../components/schedule-meeting'),
      ({ ScheduleMeetingScreen }) =>
        () => <ScheduleMeetingScreen mode="occurrence" />,
    ),
    lazyRoute(
      PERSONAL_MEETING_PATH,
      () => import('../components/personal-meeting'),
      (module) => module.PersonalMeetingScreen,
    ),
    // The charts (recharts) come with this chunk only: the dashboard's first visit loads them.
    lazyRoute(DASHBOARD_PATH, () => import('../components/dashboard'), (module) => module.DashboardPage),
    lazyRoute(LIVE_MEETINGS_PATH, () => import('../components/live-meetings'), (module) => module.LiveMeetingsScreen),
    lazyRoute(COMPLETED_MEETINGS_PATH, () => import('../components/completed-meetings'), (module) => module.CompletedMeetingsScreen),
    lazyRoute(FEEDBACK_PATH, () => import('../components/feedback'), (module) => module.FeedbackScreen),
    lazyRoute(MEETING_STATE_PATH, () => import('../components/meeting-state'), (module) => module.MeetingStateScreen),
    lazyRoute(MEETING_LOG_PATH, () => import('../components/meeting-log'), (module) => module.MeetingLogScreen),
    lazyRoute(CLOUD_RECORDINGS_PATH, () => import('../components/cloud-recordings'), (module) => module.CloudRecordingsScreen),
    lazyRoute(MY_RECORDINGS_PATH, () => import('../components/local-recordings'), (module) => module.MyRecordingsScreen),
    lazyRoute(LOCAL_RECORDINGS_PATH, () => import('../components/local-recordings'), (module) => module.LocalRecordingsScreen),
    ...settingsRoutes,
  ];
}
