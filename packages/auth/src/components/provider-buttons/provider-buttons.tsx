import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconBrandFacebook, IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@portal/api-client';
import { useAuthProviderConfigs } from '../../api/use-auth-provider-configs';
import type { AuthProviderButton } from '../../api/use-auth-provider-configs';
import { useStartProviderSignIn } from '../../api/use-start-provider-sign-in';
import type { ProviderSignInIntent } from '../../api/use-start-provider-sign-in';
import { safeRedirectPath } from '../../utils/post-login-redirect';
import { providerErrorMessage } from './provider-messages';

export type ProviderButtonsProps = {
  /** Login starts authProviderLogin; sign-up starts authProviderSignup and shows only while social sign-up is open. */
  intent: ProviderSignInIntent;
  /** Leaves the portal for the provider; replaced in stories and tests, where there is nowhere to go. */
  onNavigate?: (url: string) => void;
};

const leavePortal = (url: string) => window.location.assign(url);

function ProviderIcon({ kind }: { kind: AuthProviderButton['kind'] }) {
  if (kind === 'google') return <IconBrandGoogle size={18} aria-hidden />;
  if (kind === 'facebook') return <IconBrandFacebook size={18} aria-hidden />;
  return <IconKey size={18} aria-hidden />;
}

/**
 * The tenant's external sign-in options (spec 'Login': Google and Facebook, plus any OpenID
 * Connect provider the tenant configured). A click asks the server for the provider's
 * authorization URL and leaves the portal for it; the provider sends the browser back signed in.
 */
export function ProviderButtons({ intent, onNavigate = leavePortal }: ProviderButtonsProps) {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const configs = useAuthProviderConfigs();
  const start = useStartProviderSignIn();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Without options there is nothing to offer: no empty divider, no placeholder.
  if (!configs.data || configs.data.providers.length === 0) return null;
  if (intent === 'signup' && !configs.data.signupSocial) return null;

  const label = (provider: AuthProviderButton) => {
    const { name } = provider;
    if (intent === 'signup') {
      if (provider.kind === 'google') return t`Sign up with Google`;
      if (provider.kind === 'facebook') return t`Sign up with Facebook`;
      return t`Sign up with ${name}`;
    }
    if (provider.kind === 'google') return t`Login with Google`;
    if (provider.kind === 'facebook') return t`Login with Facebook`;
    return t`Login with ${name}`;
  };

  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const returnTo = redirect ? `/portal${redirect}` : undefined;

  const choose = async (provider: AuthProviderButton) => {
    setError(null);
    setPendingId(provider.id);
    try {
      onNavigate(await start.mutateAsync({ providerId: provider.id, intent, returnTo }));
      // The page is being replaced; the button keeps spinning until it is.
    } catch (failure) {
      setPendingId(null);
      setError(providerErrorMessage(isApiError(failure) ? failure.code : null, i18n));
    }
  };

  return (
    <Stack gap="sm">
      <Divider label={t`or`} labelPosition="center" />
      {configs.data.providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          leftSection={<ProviderIcon kind={provider.kind} />}
          loading={pendingId === provider.id}
          disabled={pendingId !== null && pendingId !== provider.id}
          onClick={() => void choose(provider)}
        >
          {label(provider)}
        </Button>
      ))}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Why the last external sign-in failed, from the callback's `?error=` (shown on the login page). */
export function ProviderSignInError() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('error');
  if (!code) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {providerErrorMessage(code, i18n)}
    </Alert>
  );
}
