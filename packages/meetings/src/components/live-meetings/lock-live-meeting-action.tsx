import { useLingui } from '@lingui/react/macro';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useCan } from '@portal/auth';
import { notify, RowAction } from '@portal/ui-kit';
import { useLockLiveMeeting } from '../../api/live/lock-live-meeting';

export type LockLiveMeetingActionProps = {
  meeting: { id: string; meetingId: string; locked: boolean };
};

/**
 * Locks a running meeting against newcomers, or opens it again (a row action of Live meetings, for
 * holders of `room.current.lock`). Those in the meeting stay; the icon shows the state and the
 * label says what pressing it does.
 */
export function LockLiveMeetingAction({ meeting }: LockLiveMeetingActionProps) {
  const { t } = useLingui();
  const allowed = useCan('room.current.lock');
  const lock = useLockLiveMeeting();
  if (!allowed) return null;
  const { locked } = meeting;
  const toggle = () =>
    lock.mutate(
      { sessionId: meeting.id, locked: !locked },
      { onSuccess: () => notify.success(locked ? t`Meeting ${meeting.meetingId} is open to newcomers again` : t`Meeting ${meeting.meetingId} locked: nobody new may join`) },
    );
  return (
    <RowAction
      label={locked ? t`Unlock meeting ${meeting.meetingId}` : t`Lock meeting ${meeting.meetingId}`}
      icon={locked ? <IconLock size={16} aria-hidden="true" /> : <IconLockOpen size={16} aria-hidden="true" />}
      color={locked ? 'orange' : 'gray'}
      loading={lock.isPending}
      onClick={toggle}
    />
  );
}
