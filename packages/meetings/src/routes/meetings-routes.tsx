import { LANDING_PATH } from '@portal/auth';
import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';
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
    lazyRoute('launch-page', () => import('../components/launch-page'), (module) => module.LaunchPage),
    // The meeting room: public and chrome-less; janus.js loads only once someone enters.
    lazyRoute('join/:code', () => import('../components/meeting-room'), (module) => module.JoinMeetingPage),
    lazyRoute(
      'upcoming-meetings',
      () => import('../components/upcoming-meetings'),
      (module) => module.UpcomingMeetingsScreen,
    ),
    lazyRoute('open-meetings', () => import('../components/open-meetings'), (module) => module.OpenMeetingsScreen),
    lazyRoute('past-meetings', () => import('../components/past-meetings'), (module) => module.PastMeetingsScreen),
    lazyRoute(
      'schedule-meeting',
      () => import('../components/schedule-meeting'),
      ({ ScheduleMeetingScreen }) =>
        () => <ScheduleMeetingScreen mode="new" />,
    ),
    lazyRoute(
      'schedule-meeting/:meetingid',
      () => import('../components/schedule-meeting'),
      ({ ScheduleMeetingScreen }) =>
        () => <ScheduleMeetingScreen mode="edit" />,
    ),
    lazyRoute(
      'update-meetings',
      () => import('../components/schedule-meeting'),
      ({ ScheduleMeetingScreen }) =>
        () => <ScheduleMeetingScreen mode="occurrence" />,
    ),
    lazyRoute(
      'personal-meeting',
      () => import('../components/personal-meeting'),
      (module) => module.PersonalMeetingScreen,
    ),
    ...settingsRoutes,
  ];
}
