import { useLingui } from '@lingui/react/macro';
import { IconCopy, IconMail, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { notify, RowAction, useDialogState } from '@portal/ui-kit';
import { useCopyInvitationText } from '../../api/meetings/get-meeting-invitation-text';
import type { MeetingOccurrence } from '../../api/meetings/get-meeting-schedules';
import { DeleteMeetingDialog } from './delete-meeting-dialog';
import { EditScopeDialog } from './edit-scope-dialog';
import { InviteMeetingDialog } from './invite-meeting-dialog';
import { editMeetingPath, editOccurrencePath } from '../../routes/meeting-paths';
import { shareableLink, storedMeetingKey, withKeyInText } from '../../utils/e2ee-key';


/** Opens the meeting's join link in a new tab: the host starts the meeting by joining it. */
export function startMeeting(joinUrl: string) {
  window.open(joinUrl, '_blank', 'noopener,noreferrer');
}

/**
 * The actions of a meeting list's rows (spec: Start, Copy, Edit, Invite, Delete) and the dialogs
 * they open: `rowActions` goes to the DataTable, `dialogs` next to it.
 */
export function useMeetingRowActions() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const copy = useCopyInvitationText();
  const editScope = useDialogState<MeetingOccurrence>();
  const invitation = useDialogState<MeetingOccurrence>();
  const deletion = useDialogState<MeetingOccurrence>();

  // An end-to-end encrypted meeting's links carry its key where this browser has it (utils/e2ee-key.ts).
  const copyInvitation = (occurrence: MeetingOccurrence) => {
    const key = occurrence.endToEndEncrypted ? storedMeetingKey(occurrence.id) : null;
    copy.mutate(
      {
        meetingId: occurrence.id,
        ...(occurrence.recurring ? { occurrence: occurrence.originalStart } : {}),
        ...(key ? { rewrite: (text: string) => withKeyInText(text, occurrence.joinUrl, key) } : {}),
      },
      { onSuccess: () => notify.success(t`meeting invite copied`) },
    );
  };

  const edit = (occurrence: MeetingOccurrence) => {
    if (occurrence.recurring) editScope.open(occurrence);
    else void navigate(editMeetingPath(occurrence.id));
  };

  const chooseEditScope = (scope: 'all' | 'this') => {
    const target = editScope.target;
    editScope.close();
    if (!target) return;
    void navigate(scope === 'all' ? editMeetingPath(target.id) : editOccurrencePath(target.id, target.originalStart));
  };

  const rowActions = (occurrence: MeetingOccurrence) => (
    <>
      <RowAction label={t`Start`} icon={<IconPlayerPlay size={18} aria-hidden="true" />} color="green" onClick={() => startMeeting(shareableLink(occurrence))} />
      <RowAction
        label={t`Copy`}
        icon={<IconCopy size={18} aria-hidden="true" />}
        loading={copy.isPending && copy.variables?.meetingId === occurrence.id}
        onClick={() => copyInvitation(occurrence)}
      />
      <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => edit(occurrence)} />
      <RowAction label={t`Invite`} icon={<IconMail size={18} aria-hidden="true" />} onClick={() => invitation.open(occurrence)} />
      <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(occurrence)} />
    </>
  );

  const dialogs = (
    <>
      <EditScopeDialog opened={editScope.opened} onClose={editScope.close} onChoose={chooseEditScope} />
      <InviteMeetingDialog key={`invite-${invitation.key}`} opened={invitation.opened} occurrence={invitation.target} onClose={invitation.close} />
      <DeleteMeetingDialog key={`delete-${deletion.key}`} opened={deletion.opened} occurrence={deletion.target} onClose={deletion.close} />
    </>
  );

  return { rowActions, dialogs };
}
