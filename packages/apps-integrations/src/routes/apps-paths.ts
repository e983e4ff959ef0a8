/** The Apps screen (access.md: `app`, member): Slack, Neosound, the Gmail add-on and end-to-end encryption. */
export const APPS_PATH = 'app';
