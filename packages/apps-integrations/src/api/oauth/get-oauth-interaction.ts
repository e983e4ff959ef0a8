import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, createQueryKeys, ok, type Schema } from '@portal/api-client';

export type OAuthInteraction = Schema<'OAuthInteraction'>;
export type OAuthScope = Schema<'OAuthScope'>;
export type OAuthSlackLink = Schema<'OAuthSlackLink'>;

export const oauthInteractionKeys = createQueryKeys('oauth-interactions');

export function getOAuthInteraction(interactionId: string, signal?: AbortSignal) {
  return ok(api().GET('/oauth/interactions/{interactionId}', { params: { path: { interactionId } }, signal }));
}

/** What a developer client asks the signed-in person to authorise (getOAuthInteraction). */
export function useOAuthInteraction(interactionId: string) {
  return useQuery(queryOptions({ queryKey: oauthInteractionKeys.detail(interactionId), queryFn: ({ signal }) => getOAuthInteraction(interactionId, signal), retry: false }));
}
