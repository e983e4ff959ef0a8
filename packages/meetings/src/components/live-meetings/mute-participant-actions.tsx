import { useLingui } from '@lingui/react/macro';
import { IconMicrophoneOff, IconVideoOff } from '@tabler/icons-react';
import { useCan } from '@portal/auth';
import { notify, RowAction } from '@portal/ui-kit';
import type { LiveParticipant } from '../../api/live/current-meeting-participants';
import { useMuteLiveParticipant, type MuteKind } from '../../api/live/mute-live-participant';

export type MuteParticipantActionsProps = {
  /** The running meeting's session. */
  sessionId: string;
  participant: Pick<LiveParticipant, 'id' | 'displayName' | 'email' | 'micOn' | 'cameraOn'>;
};

/**
 * Mutes someone's microphone or stops their camera on the media server (row actions of Live
 * meetings' participants, for holders of `room.current.mute`), each shown while it is on. No
 * question first: nothing is lost, and the participant may turn it on again themself.
 */
export function MuteParticipantActions({ sessionId, participant }: MuteParticipantActionsProps) {
  const { t } = useLingui();
  const allowed = useCan('room.current.mute');
  const mute = useMuteLiveParticipant();
  if (!allowed) return null;
  const name = participant.displayName || participant.email || t`this participant`;
  const run = (kind: MuteKind) =>
    mute.mutate({ sessionId, participantId: participant.id, kinds: [kind] }, { onSuccess: () => notify.success(kind === 'audio' ? t`${name} was muted` : t`${name}'s video was stopped`) });
  const busy = (kind: MuteKind) => mute.isPending && mute.variables.kinds.includes(kind);
  return (
    <>
      {participant.micOn ? <RowAction label={t`Mute ${name}`} icon={<IconMicrophoneOff size={16} aria-hidden="true" />} loading={busy('audio')} onClick={() => run('audio')} /> : null}
      {participant.cameraOn ? <RowAction label={t`Stop ${name}'s video`} icon={<IconVideoOff size={16} aria-hidden="true" />} loading={busy('video')} onClick={() => run('video')} /> : null}
    </>
  );
}
