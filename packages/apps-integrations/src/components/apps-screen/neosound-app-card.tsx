import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog, Dialog, notify } from '@portal/ui-kit';
import { useCreateNeosoundAccount } from '../../api/plugins/create-neosound-account';
import { useDisablePlugin } from '../../api/plugins/disable-plugin';
import type { PluginInfo } from '../../api/plugins/get-plugins-info';
import { useOpenNeosound } from '../../api/plugins/neosound-login';
import { neosoundErrorText } from '../../utils/neosound-errors';
import { AppCard } from './app-card';

export type NeosoundAppCardProps = {
  info: PluginInfo;
  /** Opens Neosound's sign-in address (tests and stories keep it in the page). */
  goTo?: (url: string) => void;
};

/** The speech-analytics service: enable, then the information dialog; open Neosound; disable after confirming. */
export function NeosoundAppCard({ info, goTo }: NeosoundAppCardProps) {
  const { t, i18n } = useLingui();
  const create = useCreateNeosoundAccount();
  const disable = useDisablePlugin();
  const open = useOpenNeosound(goTo);
  const [informing, setInforming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const failed = (error: unknown) => notify.error(neosoundErrorText(error, i18n));

  const openButton = (
    <Button variant="light" loading={open.isPending} onClick={() => open.mutate(undefined, { onError: failed })}>
      <Trans>Open Neosound</Trans>
    </Button>
  );

  return (
    <AppCard
      title="Neosound"
      state={!info.available ? 'not_set_up' : info.enabled ? 'enabled' : 'disabled'}
      description={<Trans>Speech analytics: send your cloud recordings to Neosound to have them transcribed and analysed.</Trans>}
    >
      {!info.available && (
        <Text size="sm" c="dimmed">
          <Trans>Neosound is not set up for your organisation yet. Ask your administrator.</Trans>
        </Text>
      )}
      {info.available && info.canManage && (
        <Group>
          {!info.enabled && (
            <Button
              loading={create.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onSuccess: () => {
                    notify.success(t`Transcription enabled successfully`);
                    setInforming(true);
                  },
                  onError: failed,
                })
              }
            >
              <Trans>Enable</Trans>
            </Button>
          )}
          {info.enabled && openButton}
          {info.enabled && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              <Trans>Disable</Trans>
            </Button>
          )}
        </Group>
      )}
      <Dialog opened={informing} onClose={() => setInforming(false)} title={t`Neosound is enabled`} centered>
        <Stack gap="md">
          <Text>
            <Trans>You can now upload recordings for transcription: open Cloud recordings and choose Neosound on a recording's row. Its transcript and analysis then appear in your Neosound account.</Trans>
          </Text>
          <Group justify="flex-end">
            {openButton}
            <Button onClick={() => setInforming(false)}>
              <Trans>Ok</Trans>
            </Button>
          </Group>
        </Stack>
      </Dialog>
      <ConfirmDialog
        opened={confirming}
        danger
        title={t`Disable Neosound`}
        message={t`Are you sure you want to disable Neosound? Recordings you already sent stay in your Neosound account.`}
        confirmLabel={t`Disable`}
        loading={disable.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disable.mutate({ plugin: 'neosound' }, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(t`Transcription disabled successfully`);
            },
          })
        }
      />
    </AppCard>
  );
}
