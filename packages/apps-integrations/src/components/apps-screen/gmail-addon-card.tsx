import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog, Dialog, notify } from '@portal/ui-kit';
import { useDisablePlugin } from '../../api/plugins/disable-plugin';
import { useEnablePlugin } from '../../api/plugins/enable-plugin';
import type { PluginInfo } from '../../api/plugins/get-plugins-info';
import { AppCard } from './app-card';

/**
 * The Gmail (Google) add-on: installed from Gmail, where it asks the person to authorise it at
 * /portal/google-addon; here it is disabled, or installed again once it was authorised.
 */
export function GmailAddonCard({ info }: { info: PluginInfo }) {
  const { t } = useLingui();
  const enable = useEnablePlugin();
  const disable = useDisablePlugin();
  const [explaining, setExplaining] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const install = () => {
    if (!info.hasAccount) return setExplaining(true);
    enable.mutate({ plugin: 'gmail-addon' }, { onSuccess: () => notify.success(t`Google add-on enabled successfully`) });
  };

  return (
    <AppCard
      title={t`Gmail add-on`}
      state={info.enabled ? 'enabled' : 'disabled'}
      description={<Trans>Schedule and join meetings from Gmail and Google Calendar.</Trans>}
    >
      {info.canManage && (
        <Group>
          {!info.enabled && (
            <Button loading={enable.isPending} onClick={install}>
              <Trans>Install</Trans>
            </Button>
          )}
          {info.enabled && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              <Trans>Disable</Trans>
            </Button>
          )}
        </Group>
      )}
      <Dialog opened={explaining} onClose={() => setExplaining(false)} title={t`Install the Gmail add-on`} centered>
        <Stack gap="md">
          <Text>
            <Trans>Add the add-on to Gmail from the Google Workspace Marketplace, open it beside an email and choose Authorize: you sign in here and the add-on is installed.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => setExplaining(false)}>
              <Trans>Ok</Trans>
            </Button>
          </Group>
        </Stack>
      </Dialog>
      <ConfirmDialog
        opened={confirming}
        danger
        title={t`Disable the Gmail add-on`}
        message={t`Are you sure you want to disable the Google add-on?`}
        confirmLabel={t`Disable`}
        loading={disable.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disable.mutate({ plugin: 'gmail-addon' }, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(t`Google add-on disabled successfully`);
            },
          })
        }
      />
    </AppCard>
  );
}
