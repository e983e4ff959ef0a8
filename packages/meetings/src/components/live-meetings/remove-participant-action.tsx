import { Checkbox, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '@portal/auth';
import { ConfirmDialog, notify, RowAction } from '@portal/ui-kit';
import type { LiveParticipant } from '../../api/live/current-meeting-participants';
import { useRemoveLiveParticipant } from '../../api/live/remove-live-participant';

export type RemoveParticipantActionProps = {
  /** The running meeting's session. */
  sessionId: string;
  participant: Pick<LiveParticipant, 'id' | 'displayName' | 'email'>;
};

/**
 * Puts someone out of a running meeting (a row action of Live meetings' participants, for holders
 * of `room.current.remove`), optionally barring them from coming back while the meeting runs. A
 * guest is known only by the grant they joined with, which the dialog says.
 */
export function RemoveParticipantAction({ sessionId, participant }: RemoveParticipantActionProps) {
  const { t } = useLingui();
  const allowed = useCan('room.current.remove');
  const [opened, setOpened] = useState(false);
  const [block, setBlock] = useState(false);
  const remove = useRemoveLiveParticipant();
  if (!allowed) return null;
  const name = participant.displayName || participant.email || t`this participant`;
  const guest = participant.email === null;

  const close = () => {
    setOpened(false);
    setBlock(false);
  };
  const confirm = () =>
    remove.mutate(
      { sessionId, participantId: participant.id, block },
      {
        onSuccess: () => {
          notify.success(t`${name} was removed from the meeting`);
          close();
        },
      },
    );

  return (
    <>
      <RowAction label={t`Remove ${name} from the meeting`} icon={<IconUserMinus size={16} aria-hidden="true" />} color="red" onClick={() => setOpened(true)} />
      <ConfirmDialog
        opened={opened}
        title={t`Remove participant`}
        message={t`Remove ${name} from the meeting? They are put out at once, and their page says an administrator removed them.`}
        confirmLabel={t`Remove`}
        danger
        loading={remove.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        <Checkbox label={t`Do not let them join again while this meeting runs`} checked={block} onChange={(event) => setBlock(event.currentTarget.checked)} />
        {guest && block ? (
          <Text size="sm" c="dimmed">
            {t`A guest is known only by this visit: one who joins again under a new name is not held back.`}
          </Text>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
