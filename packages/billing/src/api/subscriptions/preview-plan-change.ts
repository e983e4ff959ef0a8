import { useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { subscriptionKeys } from './subscription-keys';

export type ChangeRequest = Schema<'ChangeRequest'>;

export function previewPlanChange(subscriptionId: string, change: ChangeRequest, signal?: AbortSignal) {
  return ok(api().POST('/billing/subscriptions/{subscriptionId}/change-quote', { params: { path: { subscriptionId } }, body: change, signal }));
}

/** What the change costs now, prorated to the second by the server, shown before it is confirmed. */
export function usePlanChangeQuote(subscriptionId: string, change: ChangeRequest, enabled: boolean) {
  return useQuery({ queryKey: [...subscriptionKeys.detail(subscriptionId), 'quote', change] as const, queryFn: ({ signal }) => previewPlanChange(subscriptionId, change, signal), enabled, staleTime: 0 });
}
