/** Query keys of the Slack app's reads. */
export const slackKeys = {
  all: ['slack'] as const,
  status: () => [...slackKeys.all, 'status'] as const,
};
