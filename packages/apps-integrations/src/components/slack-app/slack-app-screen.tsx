import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { isInRoleGroup, useCurrentUser } from '@portal/auth';
import { useNavigate } from 'react-router';
import { useSlackStatus } from '../../api/slack/get-slack-status';
import { useGoToSlack } from '../../api/slack/slack-install-urls';
import { SlackUninstallDialog } from './slack-uninstall-dialog';

export type SlackAppScreenProps = {
  /** Where the browser goes with Slack's address (tests and stories keep it in the page). */
  goTo?: (url: string) => void;
};

/** The Slack page (`slack`): add the app to only one's own Slack account, or (administrators) to the workspace; uninstall. */
export function SlackAppScreen({ goTo }: SlackAppScreenProps) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const signedOut = user.data === null;
  const status = useSlackStatus(user.data != null);
  const goToSlack = useGoToSlack(goTo);
  const [confirming, setConfirming] = useState(false);
  const data = status.data;
  const command = data?.command ?? '/meet';

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={560} w="100%" role="main">
        <Stack gap="md">
          <Title order={1} size="h3">
            Slack
          </Title>
          {signedOut && (
            <Stack gap="xs" align="flex-start">
              <Text>
                <Trans>Sign in to the portal to add the app to your Slack account.</Trans>
              </Text>
              <Button onClick={() => void navigate('/login?redirect=%2Fslack')}>
                <Trans>Login</Trans>
              </Button>
            </Stack>
          )}
          {(user.isPending || (user.data && status.isPending)) && (
            <Group role="status">
              <Loader size="sm" />
            </Group>
          )}
          {!signedOut && status.isError && (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Trans>Failed, try again</Trans>
                <Button size="xs" variant="light" onClick={() => void status.refetch()}>
                  <Trans>Retry</Trans>
                </Button>
              </Stack>
            </Alert>
          )}
          {data && (!data.available || !data.enabled) && (
            <Text>
              <Trans>Slack is not set up for your organisation yet. Ask your administrator.</Trans>
            </Text>
          )}
          {data?.available && data.enabled && (
            <>
              <Text>
                <Trans>Use {command} in Slack to start a meeting or join one by its meeting ID.</Trans>
              </Text>
              <Text c="dimmed">
                <Trans>The install is for your own Slack account only.</Trans>
              </Text>
              <Group>
                <Button loading={goToSlack.isPending && goToSlack.variables?.target === 'user'} onClick={() => goToSlack.mutate({ target: 'user' })}>
                  <Trans>Add to ONLY my Slack account</Trans>
                </Button>
                {isInRoleGroup(user.data, 'admin') && !data.workspaceInstalled && (
                  <Button variant="light" loading={goToSlack.isPending && goToSlack.variables?.target === 'workspace'} onClick={() => goToSlack.mutate({ target: 'workspace' })}>
                    <Trans>Install for the whole workspace</Trans>
                  </Button>
                )}
                {(data.linked || data.ownInstall) && (
                  <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                    <Trans>Uninstall</Trans>
                  </Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      <SlackUninstallDialog opened={confirming} onClose={() => setConfirming(false)} />
    </Center>
  );
}
