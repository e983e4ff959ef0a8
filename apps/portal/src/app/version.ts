/** Spec business constants (document 2, section 9): the version and build shown on the landing page. */
export const APP_VERSION = '4.4.0';
export const APP_BUILD = '20231111';
