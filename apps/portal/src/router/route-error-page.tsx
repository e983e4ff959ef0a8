import { Alert, Button, Center, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { commonMessages } from '@portal/i18n';

/**
 * Shown when a route cannot render, typically a screen's code chunk that no longer exists after
 * a deployment: reloading fetches the current one.
 */
export function RouteErrorPage() {
  const { i18n } = useLingui();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="md">
        <Alert color="red" variant="light" role="alert">
          {i18n._(commonMessages.failedTryAgain)}
        </Alert>
        <Button variant="default" onClick={() => window.location.reload()}>
          <Trans>Reload the page</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
