import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { SlackStatus } from './complete-slack-approval';
import { slackKeys } from './keys';

export function getSlackStatus(): Promise<SlackStatus> {
  return ok(api().GET('/apps/slack'));
}

export const slackStatusQuery = () => queryOptions({ queryKey: slackKeys.status(), queryFn: getSlackStatus });

/** The Slack app as the signed-in person sees it (getSlackStatus). */
export function useSlackStatus(enabled = true) {
  return useQuery({ ...slackStatusQuery(), enabled });
}
