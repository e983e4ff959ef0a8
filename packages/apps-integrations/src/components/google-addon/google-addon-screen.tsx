import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { LANDING_PATH } from '@portal/auth';
import { useAddonUser } from '../../api/plugins/addon-user';

export type GoogleAddonScreenProps = {
  /** The add-on's `state` (from the address, or kept while the visitor signed in); null fails. */
  state: string | null;
  /** Where the browser goes back to Google (tests and stories keep it in the page). */
  goTo?: (url: string) => void;
};

/**
 * The Google add-on page (`/portal/google-addon`) for a signed-in person: authorises the add-on
 * once (addon_user) and says so, 'Google add-on is authorized' or 'Authorization Failed..!!',
 * under 'Thank you for registering', with 'Take me to' Gmail (the add-on's callback) or the portal.
 */
export function GoogleAddonScreen({ state, goTo = (url) => window.location.assign(url) }: GoogleAddonScreenProps) {
  const navigate = useNavigate();
  const authorize = useAddonUser();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !state) return;
    sent.current = true;
    authorize.mutate({ state });
  }, [authorize, state]);

  const failed = !state || authorize.isError;
  const redirectUrl = authorize.data?.redirectUrl ?? null;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={560} w="100%" role="main">
        <Stack gap="md">
          <Title order={1} size="h3">
            <Trans>Thank you for registering</Trans>
          </Title>
          {!failed && authorize.isPending && (
            <Group role="status">
              <Loader size="sm" />
            </Group>
          )}
          {authorize.isSuccess && (
            <Alert color="green" role="status">
              <Trans>Google add-on is authorized</Trans>
            </Alert>
          )}
          {failed && (
            <Alert color="red" role="alert">
              <Trans>Authorization Failed..!!</Trans>
            </Alert>
          )}
          {(failed || authorize.isSuccess) && (
            <Group>
              {redirectUrl ? (
                <Button onClick={() => goTo(redirectUrl)}>
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
