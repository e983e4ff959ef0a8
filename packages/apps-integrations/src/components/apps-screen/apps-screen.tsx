import { Alert, Button, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { pluginOf, usePluginsInfo } from '../../api/plugins/get-plugins-info';
import { E2eeAppCard } from '../e2ee-app-card';
import { GmailAddonCard } from './gmail-addon-card';
import { NeosoundAppCard } from './neosound-app-card';
import { SlackAppCard } from './slack-app-card';

export type AppsScreenProps = {
  /** Where the browser goes with Slack's or Neosound's address (tests and stories keep it in the page). */
  goTo?: (url: string) => void;
};

/** The Apps screen (`app`): Slack, Neosound, the Gmail add-on and end-to-end encryption, each with its own actions. */
export function AppsScreen({ goTo }: AppsScreenProps) {
  const { t } = useLingui();
  const plugins = usePluginsInfo();
  const neosound = pluginOf(plugins.data, 'neosound');
  const gmail = pluginOf(plugins.data, 'gmail-addon');
  const e2ee = pluginOf(plugins.data, 'e2ee');

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h3">
        <Trans>Apps</Trans>
      </Title>
      {plugins.isPending && (
        <Group role="status" aria-label={t`Loading`}>
          <Loader size="sm" />
        </Group>
      )}
      {plugins.isError && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Trans>Failed, try again</Trans>
            <Button size="xs" variant="light" onClick={() => void plugins.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      {plugins.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <SlackAppCard goTo={goTo} />
          {neosound && <NeosoundAppCard info={neosound} goTo={goTo} />}
          {gmail && <GmailAddonCard info={gmail} />}
          {e2ee && <E2eeAppCard info={e2ee} />}
        </SimpleGrid>
      )}
    </Stack>
  );
}
