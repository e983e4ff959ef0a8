import { ActionIcon, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useCan } from '@portal/auth';
import { notify } from '@portal/ui-kit';
import { useSetLegalHold } from '../../api/recordings/set-legal-hold';

export type LegalHoldActionProps = {
  recording: { id: string; topic: string; legalHold: boolean };
};

/**
 * Puts a recording on legal hold, which automatic deletion skips, or releases it (a row action of
 * Cloud recordings). The icon shows the state; the label says what pressing it does.
 */
export function LegalHoldAction({ recording }: LegalHoldActionProps) {
  const { t } = useLingui();
  const allowed = useCan('room.recording.get');
  const setHold = useSetLegalHold();
  if (!allowed) return null;
  const held = recording.legalHold;
  const label = held ? t`Release legal hold on ${recording.topic}` : t`Put ${recording.topic} on legal hold`;
  const toggle = async () => {
    await setHold.mutateAsync({ recordingId: recording.id, legalHold: !held });
    notify.success(held ? t`Legal hold released` : t`On legal hold: automatic deletion keeps this recording`);
  };
  return (
    <Tooltip label={held ? t`On legal hold` : t`Legal hold`}>
      <ActionIcon
        variant={held ? 'filled' : 'subtle'}
        color={held ? 'orange' : 'gray'}
        aria-label={label}
        aria-pressed={held}
        loading={setHold.isPending}
        onClick={() => void toggle().catch(() => undefined)}
      >
        {held ? <IconLock size={16} aria-hidden="true" /> : <IconLockOpen size={16} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
