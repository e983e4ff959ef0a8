import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog, notify } from '@portal/ui-kit';
import { useDeleteSlackUser } from '../../api/slack/delete-slack-user';

/** Asks before uninstalling the app from the person's own Slack account (slack_user), then says it is done. */
export function SlackUninstallDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const uninstall = useDeleteSlackUser();
  return (
    <ConfirmDialog
      opened={opened}
      danger
      title={t`Uninstall Slack`}
      message={t`Are you sure you want to uninstall Slack from your account?`}
      confirmLabel={t`Uninstall`}
      loading={uninstall.isPending}
      onClose={onClose}
      onConfirm={() =>
        uninstall.mutate(undefined, {
          onSuccess: () => {
            onClose();
            notify.success(t`Slack uninstalled successfully`);
          },
        })
      }
    />
  );
}
