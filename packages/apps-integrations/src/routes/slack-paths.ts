/** Slack's consent request (public; a signed-out visitor signs in first, and sign-in continues here). */
export const SLACK_AUTHORIZATION_PATH = '/slack-authorization';
/** The Slack page: 'Add to ONLY my Slack account', the workspace install for administrators, Uninstall. */
export const SLACK_PATH = 'slack';
/** Where Slack sends an administrator back after installing the app for the workspace (registered at Slack). */
export const SLACK_INSTALL_PATH = 'slack-install';
/** Where Slack sends a person back after 'Add to ONLY my Slack account', and where the slash command's link leads. */
export const SLACK_AUTHENTICATION_PATH = 'slack-authentication';
