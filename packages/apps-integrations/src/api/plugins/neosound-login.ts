import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export function neosoundLogin(): Promise<{ url: string }> {
  return ok(api().GET('/apps/neosound/login'));
}

/** Asks for a one-time sign-in address of the person's Neosound account (neosoundLogin), then opens it. */
export function useOpenNeosound(go: (url: string) => void = (url) => window.open(url, '_blank', 'noopener')) {
  return useMutation({ mutationFn: neosoundLogin, onSuccess: ({ url }) => go(url), meta: OWN_ERROR_NOTICE });
}
