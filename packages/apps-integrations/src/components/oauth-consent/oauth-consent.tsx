import { Button, Center, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link } from 'react-router';
import { ErrorState, notify, PageLoader } from '@portal/ui-kit';
import { problemText } from '@portal/forms';
import { useDecideOAuthInteraction, type OAuthDecision } from '../../api/oauth/decide-oauth-interaction';
import { useOAuthInteraction, type OAuthScope, type OAuthSlackLink } from '../../api/oauth/get-oauth-interaction';

export type OAuthConsentProps = {
  /** The authorization server's interaction (the `interaction` query parameter). */
  interactionId: string;
  /** Where the browser goes next; the page by default (tests and stories pass a spy). */
  onRedirect?: (url: string) => void;
};

/** The spec's words for each scope (Slack authorization: "Lists requested permissions"). */
const SCOPE_WORDS: Record<OAuthScope, MessageDescriptor> = {
  'meetings:read': msg`View meetings`,
  'meetings:write': msg`View and manage meetings`,
  'phone:read': msg`View phone activities and settings`,
  'recordings:read': msg`View recordings`,
};

const goTo = (url: string) => window.location.assign(url);

/** The Slack user and workspace an Authorize links; the server reads them from the slash command's sealed link, never from this page. */
function SlackLinkNotice({ link: { userName, teamDomain } }: { link: OAuthSlackLink }) {
  return (
    <Text fw={700}>
      <Trans>
        Link the Slack user <bdi>@{userName}</bdi> of workspace <bdi>{teamDomain}</bdi> to your account
      </Trans>
    </Text>
  );
}

/** The register page of @portal/auth (its REGISTER_PATH, not exported by the package). */
const REGISTER_PATH = '/register';

/**
 * The consent screen of the portal's authorization server (the spec's Slack authorization,
 * generalised to every developer client): what the client asks for in words, Authorize,
 * Decline and Create Account. For the Slack app it first names the Slack user and workspace an
 * Authorize links to the person. The decision is sent, then the browser goes back to the server,
 * which sends it on to the client with a code or `access_denied`.
 */
export function OAuthConsent({ interactionId, onRedirect = goTo }: OAuthConsentProps) {
  const { t, i18n } = useLingui();
  const interaction = useOAuthInteraction(interactionId);
  const decide = useDecideOAuthInteraction(interactionId);

  if (interaction.isPending) return <PageLoader />;
  if (interaction.isError) {
    const expired = (interaction.error as { status?: number } | null)?.status === 404;
    return (
      <ErrorState
        message={expired ? t`This authorization request has expired. Start again from the app.` : problemText(interaction.error, i18n)}
        actionLabel={<Trans>Try again</Trans>}
        onAction={() => void interaction.refetch()}
      />
    );
  }
  const { clientName, scopes, userInformation, slackLink } = interaction.data;
  const answer = (decision: OAuthDecision) =>
    decide.mutate({ decision }, {
      onSuccess: ({ redirectTo }) => onRedirect(redirectTo),
      onError: (error) => notify.error(problemText(error, i18n)),
    });

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="xl" radius="md" w="100%" maw={480}>
        <Stack gap="md">
          <Title order={1} size="h3">
            <Trans>Authorize {clientName}</Trans>
          </Title>
          {slackLink && <SlackLinkNotice link={slackLink} />}
          <Text>
            <Trans>{clientName} is asking to:</Trans>
          </Text>
          <List spacing="xs" aria-label={t`Requested permissions`}>
            {scopes.map((scope) => (
              <List.Item key={scope}>{i18n._(SCOPE_WORDS[scope])}</List.Item>
            ))}
            {userInformation && (
              <List.Item>
                <Trans>View user information</Trans>
              </List.Item>
            )}
          </List>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button component={Link} to={REGISTER_PATH} variant="subtle">
              <Trans>Create Account</Trans>
            </Button>
            <Button variant="default" onClick={() => answer('decline')} disabled={decide.isPending}>
              <Trans>Decline</Trans>
            </Button>
            <Button onClick={() => answer('authorize')} loading={decide.isPending && decide.variables?.decision === 'authorize'}>
              <Trans>Authorize</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
