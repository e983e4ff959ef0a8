import type { RouteObject } from 'react-router';

/**
 * The super administrator's meeting and recording settings. The spec's meeting settings route and
 * the global configuration's Meeting card (`meetingconfig-config`) show one screen.
 */
export const settingsRoutes: RouteObject[] = [
  ...['meeting-settings', 'meetingconfig-config'].map(
    (path): RouteObject => ({
      path,
      lazy: async () => ({ Component: (await import('../components/settings/meeting-settings')).MeetingSettingsScreen }),
    }),
  ),
  {
    path: 'recording-settings',
    lazy: async () => ({ Component: (await import('../components/settings/recording-settings')).RecordingSettingsScreen }),
  },
];
