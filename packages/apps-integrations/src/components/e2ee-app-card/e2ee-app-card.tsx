import { useState } from 'react';
import { Switch, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog, notify } from '@portal/ui-kit';
import { useDisablePlugin } from '../../api/plugins/disable-plugin';
import { useEnablePlugin } from '../../api/plugins/enable-plugin';
import type { PluginInfo } from '../../api/plugins/get-plugins-info';
import { AppCard } from '../apps-screen/app-card';

export type E2eeAppCardProps = {
  /** The `e2ee` entry of getPluginsInfo. */
  info: PluginInfo;
};

/**
 * The end-to-end encryption app of the Apps screen: one switch for the whole tenant, which the
 * tenant's administrators change after confirming (enablePlugin / disablePlugin); others see it.
 */
export function E2eeAppCard({ info }: E2eeAppCardProps) {
  const { t } = useLingui();
  const enable = useEnablePlugin();
  const disable = useDisablePlugin();
  const [confirming, setConfirming] = useState<'on' | 'off' | null>(null);
  const busy = enable.isPending || disable.isPending;

  const confirm = () => {
    const turningOn = confirming === 'on';
    (turningOn ? enable : disable).mutate({ plugin: 'e2ee' }, {
      onSuccess: () => {
        setConfirming(null);
        notify.success(turningOn ? t`End-to-end encryption enabled successfully` : t`End-to-end encryption disabled successfully`);
      },
    });
  };

  return (
    <AppCard
      title={t`End-to-end encryption`}
      state={info.enabled ? 'enabled' : 'disabled'}
      description={<Trans>New meetings of your organisation are encrypted so that only the people in them can see and hear them. Such meetings cannot be recorded or transcribed.</Trans>}
    >
      <Switch
        label={t`End-to-end encryption for new meetings`}
        checked={info.enabled}
        disabled={!info.canManage || busy}
        onChange={(event) => setConfirming(event.currentTarget.checked ? 'on' : 'off')}
      />
      {!info.canManage && (
        <Text size="sm" c="dimmed">
          <Trans>Only your organisation's administrators can change this.</Trans>
        </Text>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        danger={confirming === 'off'}
        title={confirming === 'on' ? t`Enable end-to-end encryption` : t`Disable end-to-end encryption`}
        message={
          confirming === 'on'
            ? t`New meetings will be end-to-end encrypted and cannot be recorded or transcribed. Are you sure?`
            : t`New meetings will no longer be end-to-end encrypted; existing meetings stay as they are. Are you sure?`
        }
        confirmLabel={confirming === 'on' ? t`Enable` : t`Disable`}
        loading={busy}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </AppCard>
  );
}
