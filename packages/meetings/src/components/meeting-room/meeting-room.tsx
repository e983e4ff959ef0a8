import { ActionIcon, Alert, Box, Button, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMicrophone, IconMicrophoneOff, IconInfoCircle, IconPhoneOff, IconScreenShare, IconScreenShareOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { problemText } from '@portal/forms';
import { notify } from '@portal/ui-kit';
import { useEndMeeting } from '../../api/meetings/end-meeting';
import type { JoinGrant } from '../../api/meetings/join-meeting';
import { useReportParticipantClient } from '../../api/meetings/report-participant-client';
import { participantKeyOf, useUnmuteParticipant, type UnmuteKind } from '../../api/meetings/unmute-participant';
import { EncryptedBadge, EncryptionProblem } from '../e2ee-notices';
import { clientReport } from './client-report';
import { PlanEndNotice } from './plan-end-notice';
import type { connectJanusRoom, JanusRoom } from './janus-room';

/** How the participant came out of the room: by their own Leave, the meeting's end, put out by an administrator, or a lost connection. */
export type LeftReason = 'left' | 'ended' | 'removed' | 'failed';

function Tile({ stream, name, muted, testId }: { stream: MediaStream | null; name: string; muted: boolean; testId: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  });
  return (
    <Box component="figure" m={0} pos="relative" bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden', aspectRatio: '16 / 9' }}>
      <video ref={video} data-testid={testId} data-display={name} autoPlay playsInline muted={muted} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      <Text component="figcaption" size="sm" c="white" pos="absolute" bottom={6} px={8} py={2} bg="rgba(0,0,0,0.55)" style={{ insetInlineStart: 6, borderRadius: 4 }}>
        {name}
      </Text>
    </Box>
  );
}

export type MeetingRoomProps = {
  grant: JoinGrant;
  /** The key from the link's fragment, for an end-to-end encrypted meeting. */
  secret?: string | null;
  onLeft: (reason: LeftReason) => void;
  /** Connects to the media server: janus-meeting-room.tsx gives the real one, stories and tests a fake room. */
  connect: typeof connectJanusRoom;
};

/**
 * What the room tells someone the media server muted, until they lift it: as they entered (the
 * meeting's options), or later, by an administrator from Live meetings.
 */
function ServerMuteNotice({ audio, video, by }: { audio: boolean; video: boolean; by: 'entry' | 'administrator' }) {
  if (!audio && !video) return null;
  return (
    <Box px="md" pb="xs">
      <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />} role="status" data-testid={by === 'entry' ? 'entry-mute-notice' : 'moderation-notice'}>
        {by === 'administrator' ? (
          audio && video ? (
            <Trans>An administrator muted you and stopped your video. Unmute yourself or start your video when you are ready.</Trans>
          ) : audio ? (
            <Trans>An administrator muted you. Unmute yourself when you want to speak.</Trans>
          ) : (
            <Trans>An administrator stopped your video. Start it again when you are ready.</Trans>
          )
        ) : audio && video ? (
          <Trans>You were muted and your camera was turned off when you joined. Unmute yourself or start your video when you are ready.</Trans>
        ) : audio ? (
          <Trans>You were muted when you joined. Unmute yourself when you want to speak.</Trans>
        ) : (
          <Trans>Your camera was turned off when you joined. Start your video when you are ready.</Trans>
        )}
      </Alert>
    </Box>
  );
}

/** The running meeting: everyone's video in a grid with their names, and the call controls. */
export function MeetingRoom({ grant, secret = null, onLeft, connect }: MeetingRoomProps) {
  const { t, i18n } = useLingui();
  const [room] = useState<JanusRoom>(() => connect(grant, secret));
  const state = useSyncExternalStore(room.subscribe, room.getState);
  const end = useEndMeeting();
  const { mutate: sendReport } = useReportParticipantClient();
  const host = grant.role !== 'participant';
  const reported = useRef(false);

  useEffect(() => () => room.leave(), [room]);
  // Once connected, the server hears which client this is: its tracks are published a moment after
  // joining, so their device labels are known by then. Then, whenever the microphone or camera goes
  // on or off, it hears that too (the media server's events do not say).
  const { status, audioOn, videoOn } = state;
  useEffect(() => {
    if (status !== 'connected') return;
    const grantOf = { token: grant.token, opaqueId: grant.opaqueId, audioOn, videoOn };
    if (reported.current) return sendReport({ meetingCode: grant.code, report: grantOf });
    const timer = setTimeout(() => {
      reported.current = true;
      void clientReport(room.getState().devices).then((told) => sendReport({ meetingCode: grant.code, report: { ...grantOf, ...told } }));
    }, 1_500);
    return () => clearTimeout(timer);
  }, [status, audioOn, videoOn, room, grant, sendReport]);
  useEffect(() => {
    if (state.status === 'ended') onLeft('ended');
    if (state.status === 'removed') onLeft('removed');
    if (state.status === 'failed') onLeft('failed');
  }, [state.status, onLeft]);

  const leave = () => {
    room.leave();
    onLeft('left');
  };
  const endForAll = () =>
    end.mutate(
      { meetingId: grant.meetingId },
      { onSuccess: leave, onError: (error) => notify.error(problemText(error, i18n)) },
    );
  // Muted or video off on entry, or by an administrator, the media server drops what this page
  // sends until it is lifted (unmuteParticipant, by this page's join grant); only then does the
  // microphone or camera go on.
  const [serverMuted, setServerMuted] = useState({ audio: grant.muteOnEntry, video: grant.videoOffOnEntry });
  const [mutedBy, setMutedBy] = useState<'entry' | 'administrator'>('entry');
  // The media server tells this page of every mute, the one on entry too: only a stream not muted
  // already was muted by an administrator. Read when the media server's word changes, not when the
  // participant lifts a mute (its `unmuted` word comes a moment after).
  const serverMutedNow = useRef(serverMuted);
  useEffect(() => {
    serverMutedNow.current = serverMuted;
  }, [serverMuted]);
  const { audio: moderatedAudio, video: moderatedVideo } = state.moderated;
  useEffect(() => {
    const muted = serverMutedNow.current;
    if (!(moderatedAudio && !muted.audio) && !(moderatedVideo && !muted.video)) return;
    setMutedBy('administrator');
    setServerMuted({ audio: muted.audio || moderatedAudio, video: muted.video || moderatedVideo });
  }, [moderatedAudio, moderatedVideo]);
  const unmute = useUnmuteParticipant();
  const turnOn = (kind: UnmuteKind, on: () => void) => {
    if (!serverMuted[kind]) return on();
    unmute.mutate(
      { meetingId: grant.meetingId, participant: participantKeyOf(grant.opaqueId), request: { kinds: [kind], grant: { opaqueId: grant.opaqueId, token: grant.token } } },
      {
        onSuccess: () => {
          setServerMuted((muted) => ({ ...muted, [kind]: false }));
          on();
        },
      },
    );
  };
  const toggleAudio = () => (state.audioOn ? room.setAudio(false) : turnOn('audio', () => room.setAudio(true)));
  const toggleVideo = () => (state.videoOn ? room.setVideo(false) : turnOn('video', () => room.setVideo(true)));
  const share = () => room.setSharing(!state.sharing).catch(() => notify.error(t`The screen could not be shared.`));

  const lifting = (kind: UnmuteKind) => unmute.isPending && unmute.variables.request.kinds.includes(kind);
  const control = (label: string, pressed: boolean, onClick: () => void, icon: React.ReactNode, loading = false) => (
    <Tooltip label={label}>
      <ActionIcon size="xl" radius="xl" variant={pressed ? 'filled' : 'default'} loading={loading} aria-label={label} aria-pressed={pressed} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Stack h="100dvh" gap={0} bg="dark.9" c="white">
      <Group justify="space-between" px="md" py="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Title order={1} size="h4" c="white" lineClamp={1}>
            {grant.topic}
          </Title>
          {grant.endToEndEncrypted ? <EncryptedBadge variant="filled" /> : null}
        </Group>
        <Text size="sm" c="gray.4" aria-live="polite">
          {state.status === 'connecting' ? t`Connecting…` : t`${state.remotes.length + 1} in the meeting`}
        </Text>
      </Group>
      <ServerMuteNotice audio={serverMuted.audio} video={serverMuted.video} by={mutedBy} />
      <PlanEndNotice endsAt={grant.endsAt} />
      {state.undecryptable ? (
        <Box px="md">
          <EncryptionProblem problem="undecryptable" />
        </Box>
      ) : null}
      <Box flex={1} p="sm" style={{ overflowY: 'auto' }}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" role="list" aria-label={t`Participants`}>
          <div role="listitem">
            <Tile stream={state.local} name={t`${grant.display} (you)`} muted testId="local-video" />
          </div>
          {state.remotes.map((remote) => (
            <div role="listitem" key={remote.id}>
              <Tile stream={remote.stream} name={remote.display} muted={false} testId="remote-video" />
            </div>
          ))}
        </SimpleGrid>
      </Box>
      <Group justify="center" gap="sm" p="md" wrap="wrap" role="toolbar" aria-label={t`Meeting controls`}>
        {control(
          state.audioOn ? t`Mute` : t`Unmute`,
          !state.audioOn,
          toggleAudio,
          state.audioOn ? <IconMicrophone aria-hidden="true" /> : <IconMicrophoneOff aria-hidden="true" />,
          lifting('audio'),
        )}
        {control(
          state.videoOn ? t`Stop video` : t`Start video`,
          !state.videoOn,
          toggleVideo,
          state.videoOn ? <IconVideo aria-hidden="true" /> : <IconVideoOff aria-hidden="true" />,
          lifting('video'),
        )}
        {grant.screenShare && typeof navigator !== 'undefined' && 'getDisplayMedia' in (navigator.mediaDevices ?? {})
          ? control(
              state.sharing ? t`Stop sharing` : t`Share screen`,
              state.sharing,
              () => void share(),
              state.sharing ? <IconScreenShareOff aria-hidden="true" /> : <IconScreenShare aria-hidden="true" />,
            )
          : null}
        <Button color="red" variant="light" radius="xl" leftSection={<IconPhoneOff size={18} aria-hidden="true" />} onClick={leave}>
          <Trans>Leave</Trans>
        </Button>
        {host ? (
          <Button color="red" radius="xl" loading={end.isPending} onClick={endForAll}>
            <Trans>End meeting</Trans>
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

