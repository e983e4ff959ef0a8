import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog, notify } from '@portal/ui-kit';
import { useDeleteMeeting } from '../../api/meetings/delete-meeting';
import type { MeetingOccurrence } from '../../api/meetings/get-meeting-schedules';
import { OccurrenceScopeField, type OccurrenceScope } from './occurrence-scope';

export type DeleteMeetingDialogProps = {
  opened: boolean;
  occurrence: MeetingOccurrence | null;
  onClose: () => void;
};

/** Asks before deleting a meeting; for a recurring one, this occurrence or all. Mount with a fresh `key`. */
export function DeleteMeetingDialog({ opened, occurrence, onClose }: DeleteMeetingDialogProps) {
  const { t } = useLingui();
  const [scope, setScope] = useState<OccurrenceScope>('this');
  const deleteMeeting = useDeleteMeeting();

  const confirm = () => {
    if (!occurrence) return;
    const one = occurrence.recurring && scope === 'this';
    deleteMeeting.mutate(
      { meetingId: occurrence.id, ...(one ? { occurrence: occurrence.originalStart } : {}) },
      {
        onSuccess: () => {
          notify.success(t`meeting deleted`);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t`Delete meeting`}
      message={t`Are you sure you want to delete the meeting ?`}
      confirmLabel={t`Delete`}
      danger
      loading={deleteMeeting.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {occurrence?.recurring ? <OccurrenceScopeField value={scope} onChange={setScope} /> : null}
    </ConfirmDialog>
  );
}
