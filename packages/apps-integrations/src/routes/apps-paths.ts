/** The Apps screen (access.md: `app`, member): Slack, Neosound, the Gmail add-on and end-to-end encryption. */
export const APPS_PATH = 'app';
/** The Gmail add-on's authorization (public; a signed-out visitor signs in first, and sign-in continues here). */
export const GOOGLE_ADDON_PATH = '/google-addon';
