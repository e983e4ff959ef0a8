import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { slackKeys } from './keys';

export function deleteSlackUser(): Promise<unknown> {
  return ok(api().DELETE('/apps/slack/user'));
}

/** Uninstalls the app from the person's own Slack account (slack_user). */
export function useDeleteSlackUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSlackUser, onSuccess: () => client.invalidateQueries({ queryKey: slackKeys.all }) });
}
