import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { commonMessages, problemMessages } from '@portal/i18n';

/** What a visitor hears of a full tenant, the same whichever way they tried to join. */
export const userLimitReachedMessage = msg`No new accounts can be created here at the moment. Please contact the administrator.`;

/**
 * Why an external sign-in did not complete: the codes of the callback's `/portal/login?error=`
 * redirect and the problem codes of authProviderLogin / authProviderSignup.
 */
export const providerErrorMessages: Record<string, MessageDescriptor> = {
  provider_state_invalid: msg`This sign-in took too long or was already used. Please try again.`,
  provider_denied: msg`Sign-in was cancelled at the provider.`,
  provider_failed: msg`Sign-in with the provider failed. Please try again.`,
  provider_email_missing: msg`The provider did not share your email address, so no account could be created.`,
  provider_email_unverified: msg`An account with this email already exists, but the provider has not confirmed the address. Sign in with your password.`,
  provider_link_privileged: msg`This account has administrative rights, so it cannot be linked to an external sign-in. Sign in with your password.`,
  signup_closed: msg`There is no account for this sign-in, and sign-up with external accounts is not open here.`,
  account_disabled: msg`Your account is disabled. Please contact your administrator.`,
  user_limit_reached: userLimitReachedMessage,
  provider_unavailable: msg`The sign-in service could not be reached. Please try again later.`,
  not_found: msg`This sign-in option is no longer available.`,
  // The platform's maintenance mode: the server's own words for its 503 `maintenance`.
  maintenance: problemMessages.maintenance,
};

export function providerErrorMessage(code: string | null | undefined, i18n: I18n): string {
  const descriptor = code != null && Object.hasOwn(providerErrorMessages, code) ? providerErrorMessages[code] : undefined;
  return i18n._(descriptor ?? commonMessages.failedTryAgain);
}
