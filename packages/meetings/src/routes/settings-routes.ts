import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';

/**
 * The super administrator's meeting and recording settings. The spec's meeting settings route and
 * the global configuration's Meeting card (`meetingconfig-config`) show one screen.
 */
export const settingsRoutes: RouteObject[] = [
  ...['meeting-settings', 'meetingconfig-config'].map((path) =>
    lazyRoute(path, () => import('../components/meeting-settings'), (module) => module.MeetingSettingsScreen),
  ),
  lazyRoute(
    'recording-settings',
    () => import('../components/recording-settings'),
    (module) => module.RecordingSettingsScreen,
  ),
];
