import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type OAuthDecision = Schema<'OAuthDecision'>['decision'];

export function decideOAuthInteraction({ interactionId, decision }: { interactionId: string; decision: OAuthDecision }) {
  return ok(api().POST('/oauth/interactions/{interactionId}', { params: { path: { interactionId } }, body: { decision } }));
}

/** Authorize or Decline (decideOAuthInteraction); answers where the browser goes next. */
export function useDecideOAuthInteraction(interactionId: string) {
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: ({ decision }: { decision: OAuthDecision }) => decideOAuthInteraction({ interactionId, decision }) });
}
