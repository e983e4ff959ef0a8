import { useLingui } from '@lingui/react/macro';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '@portal/auth';
import { ConfirmDialog, notify, RowAction } from '@portal/ui-kit';
import { useEndLiveMeeting } from '../../api/live/end-live-meeting';

export type EndLiveMeetingActionProps = {
  meeting: { id: string; meetingId: string; topic: string };
};

/**
 * Ends a running meeting for everyone, without joining it (a row action of Live meetings, for
 * holders of `room.current.end`). It asks first: everyone in it is out at once.
 */
export function EndLiveMeetingAction({ meeting }: EndLiveMeetingActionProps) {
  const { t } = useLingui();
  const allowed = useCan('room.current.end');
  const [opened, setOpened] = useState(false);
  const end = useEndLiveMeeting();
  if (!allowed) return null;

  const confirm = () =>
    end.mutate(meeting.id, {
      onSuccess: () => {
        notify.success(t`Meeting ${meeting.meetingId} ended for everyone`);
        setOpened(false);
      },
    });

  return (
    <>
      <RowAction label={t`End meeting ${meeting.meetingId} for everyone`} icon={<IconPlayerStop size={16} aria-hidden="true" />} color="red" onClick={() => setOpened(true)} />
      <ConfirmDialog
        opened={opened}
        title={t`End meeting`}
        message={t`End “${meeting.topic}” for everyone? Everyone in it leaves at once, and nobody can join until the host starts it again.`}
        confirmLabel={t`End for everyone`}
        danger
        loading={end.isPending}
        onConfirm={confirm}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
