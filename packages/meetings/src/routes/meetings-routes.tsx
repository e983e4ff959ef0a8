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
    {
      path: 'landing-page',
      lazy: async () => {
        const { LandingPage } = await import('../components/landing-page');
        return { element: <LandingPage version={version} build={build} /> };
      },
    },
    {
      path: 'launch-page',
      lazy: async () => ({ Component: (await import('../components/launch-page')).LaunchPage }),
    },
    {
      // The meeting room: public and chrome-less; janus.js loads only once someone enters.
      path: 'join/:code',
      lazy: async () => ({ Component: (await import('../components/meeting-room')).JoinMeetingPage }),
    },
    {
      path: 'upcoming-meetings',
      lazy: async () => ({ Component: (await import('../components/upcoming-meetings')).UpcomingMeetingsScreen }),
    },
    {
      path: 'open-meetings',
      lazy: async () => ({ Component: (await import('../components/open-meetings')).OpenMeetingsScreen }),
    },
    {
      path: 'past-meetings',
      lazy: async () => ({ Component: (await import('../components/past-meetings')).PastMeetingsScreen }),
    },
    {
      path: 'schedule-meeting',
      lazy: async () => {
        const { ScheduleMeetingScreen } = await import('../components/schedule-meeting');
        return { element: <ScheduleMeetingScreen mode="new" /> };
      },
    },
    {
      path: 'schedule-meeting/:meetingid',
      lazy: async () => {
        const { ScheduleMeetingScreen } = await import('../components/schedule-meeting');
        return { element: <ScheduleMeetingScreen mode="edit" /> };
      },
    },
    {
      path: 'update-meetings',
      lazy: async () => {
        const { ScheduleMeetingScreen } = await import('../components/schedule-meeting');
        return { element: <ScheduleMeetingScreen mode="occurrence" /> };
      },
    },
    {
      path: 'personal-meeting',
      lazy: async () => ({ Component: (await import('../components/personal-meeting')).PersonalMeetingScreen }),
    },
    ...settingsRoutes,
  ];
}
