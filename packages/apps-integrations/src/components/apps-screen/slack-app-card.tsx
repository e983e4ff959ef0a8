import { useState } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { isInRoleGroup, useCurrentUser } from '@portal/auth';
import { useSlackStatus } from '../../api/slack/get-slack-status';
import { useGoToSlack } from '../../api/slack/slack-install-urls';
import { SlackUninstallDialog } from '../slack-app';
import { AppCard } from './app-card';

/** The messaging app (Slack): connect one's own account, install for the workspace (administrators), uninstall after confirming. */
export function SlackAppCard({ goTo }: { goTo?: (url: string) => void }) {
  const { t } = useLingui();
  const user = useCurrentUser().data;
  const status = useSlackStatus();
  const goToSlack = useGoToSlack(goTo);
  const [confirming, setConfirming] = useState(false);
  const data = status.data;
  const ready = data?.available === true && data.enabled;
  const connected = data?.linked === true || data?.ownInstall === true;

  return (
    <AppCard
      title="Slack"
      state={data && !ready ? 'not_set_up' : connected ? 'enabled' : 'disabled'}
      description={<Trans>Start or join meetings from Slack with a slash command; the channel follows the meeting.</Trans>}
    >
      {status.isPending && <Loader size="sm" aria-label={t`Loading`} />}
      {status.isError && (
        <Text size="sm" c="red" role="alert">
          <Trans>Failed, try again</Trans>
        </Text>
      )}
      {data && !ready && (
        <Text size="sm" c="dimmed">
          <Trans>Slack is not set up for your organisation yet. Ask your administrator.</Trans>
        </Text>
      )}
      {ready && (
        <Group>
          <Button loading={goToSlack.isPending && goToSlack.variables?.target === 'user'} onClick={() => goToSlack.mutate({ target: 'user' })}>
            {connected ? <Trans>Connect again</Trans> : <Trans>Connect</Trans>}
          </Button>
          {isInRoleGroup(user, 'admin') && !data.workspaceInstalled && (
            <Button variant="light" loading={goToSlack.isPending && goToSlack.variables?.target === 'workspace'} onClick={() => goToSlack.mutate({ target: 'workspace' })}>
              <Trans>Install for the whole workspace</Trans>
            </Button>
          )}
          {connected && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              <Trans>Uninstall</Trans>
            </Button>
          )}
        </Group>
      )}
      <SlackUninstallDialog opened={confirming} onClose={() => setConfirming(false)} />
    </AppCard>
  );
}
