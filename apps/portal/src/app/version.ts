import { version } from '../../package.json';

/**
 * Spec business constants (document 2, section 9): the version and build shown on the landing
 * page. The version is the portal's release, apps/portal/package.json, which the server's
 * package.json (`/api/v1/health`) carries too, so the two never contradict each other.
 */
export const APP_VERSION: string = version;
export const APP_BUILD = '20231111';
