import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '@portal/auth';
import { useCompleteSlackApproval, type SlackApproval } from '../../api/slack/complete-slack-approval';

export type SlackResultKind = 'install' | 'authentication';

/**
 * What Slack put in the page's address, or the portal's own consent for the Slack client
 * (`consent=slack`: the slash command's link went through sign-in and the consent screen; Decline
 * brings an error and no code, so nothing is linked).
 */
export function approvalOf(kind: SlackResultKind, query: URLSearchParams): SlackApproval | null {
  const code = query.get('code');
  const state = query.get('state');
  if (kind === 'authentication' && query.get('consent') === 'slack') return code && state && !query.get('error') ? { kind: 'link', token: state, code } : null;
  if (!code || !state || query.get('error')) return null;
  return { kind: kind === 'install' ? 'workspace' : 'user', code, state };
}

export type SlackResultScreenProps = { kind: SlackResultKind };

/**
 * Slack installation result (`slack-install`) and Slack authentication (`slack-authentication`):
 * hands what Slack sent back to the server once, shows loading, then the result with Go Home and
 * Try Slack.
 */
export function SlackResultScreen({ kind }: SlackResultScreenProps) {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const approval = useCompleteSlackApproval();
  const sent = useRef(false);
  const request = approvalOf(kind, query);
  const location = useLocation();
  const user = useCurrentUser();
  // Slack's code and the command's link act for the signed-in person: sign in first, then come back here.
  const signedOut = user.data === null;

  useEffect(() => {
    if (sent.current || !request || !user.data) return;
    sent.current = true;
    approval.mutate(request);
  }, [approval, request, user.data]);

  const failed = !signedOut && (!request || approval.isError);
  const done = approval.isSuccess;
  const command = approval.data?.command ?? '/meet';
  const teamId = approval.data?.teamId;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={560} w="100%" role="main">
        <Stack gap="md">
          <Title order={1} size="h3">
            {kind === 'install' ? <Trans>Slack installation</Trans> : <Trans>Slack authentication</Trans>}
          </Title>
          {signedOut && request && (
            <Stack gap="xs" align="flex-start">
              <Text>
                <Trans>Sign in to the portal to link your Slack account.</Trans>
              </Text>
              <Button onClick={() => void navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)}>
                <Trans>Login</Trans>
              </Button>
            </Stack>
          )}
          {signedOut && !request && (
            <Alert color="red" role="alert">
              {kind === 'install' ? (
                <Trans>Installation of the product on Slack is failed. Please try again and if the problem persist, please contact support.</Trans>
              ) : (
                <Trans>Authorization Failure</Trans>
              )}
            </Alert>
          )}
          {!signedOut && !failed && !done && (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>
                <Trans>Connecting to Slack…</Trans>
              </Text>
            </Group>
          )}
          {failed && (
            <Alert color="red" role="alert">
              {kind === 'install' ? (
                <Trans>Installation of the product on Slack is failed. Please try again and if the problem persist, please contact support.</Trans>
              ) : (
                <Trans>Authorization Failure</Trans>
              )}
            </Alert>
          )}
          {done && (
            <Stack gap="xs" role="status">
              <Text fw={600}>{kind === 'install' ? <Trans>The product is installed on your Slack workspace.</Trans> : <Trans>Authorized</Trans>}</Text>
              <Text>
                <Trans>Type {command} in a Slack channel to start a meeting, or {command} followed by a meeting ID to join one.</Trans>
              </Text>
              {kind === 'authentication' ? (
                <Text>
                  <Trans>This installation is for your own Slack account only.</Trans>
                </Text>
              ) : (
                <Text>
                  <Trans>To remove it, go to Apps, Slack, Uninstall.</Trans>
                </Text>
              )}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate('/landing-page')}>
              <Trans>Go Home</Trans>
            </Button>
            <Button component="a" href={teamId ? `https://app.slack.com/client/${teamId}` : 'https://app.slack.com/client'} target="_blank" rel="noreferrer">
              <Trans>Try Slack</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
