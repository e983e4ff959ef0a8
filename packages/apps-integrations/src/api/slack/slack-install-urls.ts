import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

/** Slack's approval address: only the person's own account (slackInstallUrl) or the tenant's workspace (getAppInstallUrl). */
export function slackInstallAddress({ target }: { target: 'user' | 'workspace' }): Promise<{ url: string }> {
  return target === 'user' ? ok(api().GET('/apps/slack/install-url')) : ok(api().POST('/apps/install-url', { body: { app: 'slack' } }));
}

/** Asks for the address, then the browser goes to Slack. */
export function useGoToSlack(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: slackInstallAddress, onSuccess: ({ url }) => go(url) });
}
