import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type ProviderSignInIntent = 'login' | 'signup';
export type StartProviderSignInInput = { providerId: string; intent: ProviderSignInIntent; returnTo?: string };

/**
 * authProviderLogin / authProviderSignup: the provider's authorization URL for the browser to
 * visit. The server remembers the request (state, nonce, PKCE verifier) for its callback.
 */
export function useStartProviderSignIn() {
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: async ({ providerId, intent, returnTo }: StartProviderSignInInput): Promise<string> => {
      const body = { providerId, ...(returnTo ? { returnTo } : {}) };
      const result = intent === 'signup' ? await ok(api().POST('/auth/providers/signup', { body })) : await ok(api().POST('/auth/providers/login', { body }));
      return result.authorizationUrl;
    },
  });
}
