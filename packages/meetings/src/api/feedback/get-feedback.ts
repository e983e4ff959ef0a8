import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { feedbackKeys } from './keys';

export type Feedback = Schema<'Feedback'>;
export type FeedbackPage = Schema<'FeedbackPage'>;
export type FeedbackParams = NonNullable<operations['getFeedback']['parameters']['query']>;

export function getFeedback(params: FeedbackParams, signal?: AbortSignal): Promise<FeedbackPage> {
  return ok(api().GET('/feedback', { params: { query: params }, signal }));
}

export function feedbackQueryOptions(params: FeedbackParams) {
  return queryOptions({ queryKey: feedbackKeys.list(params), queryFn: ({ signal }) => getFeedback(params, signal) });
}

/** One page of ratings in a date range, newest first, with the range's meeting cards and summary. */
export function useFeedback(params: FeedbackParams, enabled = true) {
  return useQuery({ ...feedbackQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
