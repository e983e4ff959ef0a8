import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type SlackStatus = Schema<'SlackStatus'>;

/**
 * Which approval came back: the workspace install (slack-install), 'Add to ONLY my Slack account'
 * (slack-authentication), or the slash command's link after the portal's consent (`token` is its state).
 */
export type SlackApproval = { kind: 'workspace' | 'user'; code: string; state: string } | { kind: 'link'; token: string; code: string };

/** installSlackApp, authSlackUser or connectUser, by what the page received. */
export function completeSlackApproval(approval: SlackApproval): Promise<SlackStatus> {
  if (approval.kind === 'link') return ok(api().PUT('/apps/slack/connection', { body: { token: approval.token, code: approval.code } }));
  const body = { code: approval.code, state: approval.state };
  return approval.kind === 'workspace' ? ok(api().PUT('/apps/slack/installation', { body })) : ok(api().PUT('/apps/slack/authorization', { body }));
}

/** The page shows its own failure text, so the default error notice is off. */
export function useCompleteSlackApproval() {
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: completeSlackApproval });
}
