import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { LANDING_PATH } from '@portal/auth';

/** The add-on's authorization request: its `state` and PKCE S256 challenge (its verifier stays with the add-on). */
export type GoogleAddonRequest = { state: string; codeChallenge: string; scope?: string | null };

/** The platform client of the add-on at the portal's authorization server (apps/server/src/oauth/clients.ts). */
export const GOOGLE_ADDON_CLIENT_ID = 'google-addon';
const DEFAULT_SCOPE = 'openid profile meetings:write';

/** The authorization server's request for the add-on: sign-in and the consent screen come next. */
export function addonAuthorizationUrl(request: GoogleAddonRequest): string {
  const query = new URLSearchParams({
    client_id: GOOGLE_ADDON_CLIENT_ID,
    response_type: 'code',
    scope: request.scope ?? DEFAULT_SCOPE,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  });
  return `/oidc/auth?${query.toString()}`;
}

/** 'Take me to Gmail' only resumes the portal's own authorization (never an address the query could forge elsewhere). */
export function resumeUrlOf(value: string | null, origin = window.location.origin): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && url.pathname.startsWith('/oidc/') ? url.toString() : null;
  } catch {
    return null;
  }
}

export type GoogleAddonScreenProps = {
  /** The add-on's request (from the address, or kept while the visitor signed in); null with no result fails. */
  request: GoogleAddonRequest | null;
  /** The consent screen's decision, when it sent the browser back here. */
  result: 'authorized' | 'declined' | null;
  /** Where 'Take me to Gmail' resumes the authorization (the add-on's callback then gets the code or the refusal). */
  resumeUrl: string | null;
  /** Where the browser goes (tests and stories keep it in the page). */
  goTo?: (url: string) => void;
};

/**
 * The Google add-on page (`/portal/google-addon`) for a signed-in person. With the add-on's request,
 * it hands over to the portal's authorization server (client `google-addon`, authorization code
 * with PKCE), whose consent screen sends the browser back here with the decision: 'Google add-on is
 * authorized' or 'Authorization Failed..!!', under 'Thank you for registering', with 'Take me to'
 * Gmail (resuming to the add-on's callback) or the portal.
 */
export function GoogleAddonScreen({ request, result, resumeUrl, goTo = (url) => window.location.assign(url) }: GoogleAddonScreenProps) {
  const navigate = useNavigate();
  const sent = useRef(false);
  const authorizing = result === null && request !== null;

  useEffect(() => {
    if (sent.current || result !== null || request === null) return;
    sent.current = true;
    goTo(addonAuthorizationUrl(request));
  }, [goTo, request, result]);

  const failed = result === 'declined' || (result === null && request === null);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={560} w="100%" role="main">
        <Stack gap="md">
          <Title order={1} size="h3">
            <Trans>Thank you for registering</Trans>
          </Title>
          {authorizing && (
            <Group role="status">
              <Loader size="sm" />
            </Group>
          )}
          {result === 'authorized' && (
            <Alert color="green" role="status">
              <Trans>Google add-on is authorized</Trans>
            </Alert>
          )}
          {failed && (
            <Alert color="red" role="alert">
              <Trans>Authorization Failed..!!</Trans>
            </Alert>
          )}
          {!authorizing && (
            <Group>
              {resumeUrl ? (
                <Button onClick={() => goTo(resumeUrl)}>
                  <Trans>Take me to Gmail</Trans>
                </Button>
              ) : (
                <Button onClick={() => void navigate(LANDING_PATH)}>
                  <Trans>Take me to the portal</Trans>
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
