import { Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMicrophone, IconMicrophoneOff, IconScreenShare, IconScreenShareOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper } from '@portal/ui-kit';
import type { LiveMeeting } from '../../api/live/current-meetings';
import type { LiveParticipant } from '../../api/live/current-meeting-participants';
import { joinWithVersion, Maybe, PodIcon, QualityFlag, sessionLeadColumns, sessionMediaColumns, sessionNodeColumn } from '../meeting-sessions';

const meeting = createDataTableColumnHelper<LiveMeeting>();
const person = createDataTableColumnHelper<LiveParticipant>();

/**
 * Meeting ID (with its quality flag), Tenant Name, Participants, Start Time, Node (not in the
 * spec's list of this screen, as on Completed meetings: with several media nodes it says where the
 * meeting runs), Video, Screen Share, Phone Bridge, Recording.
 */
export function useLiveMeetingColumns() {
  const format = useDateFormat();
  return useMemo(
    () =>
      meeting.columns([
        ...sessionLeadColumns<LiveMeeting>(format),
        sessionNodeColumn<LiveMeeting>(),
        ...sessionMediaColumns<LiveMeeting>(),
      ]),
    [format],
  );
}

function StatsCell({ participant }: { participant: LiveParticipant }) {
  const { t } = useLingui();
  const { stats } = participant;
  if (!stats) return <Maybe value={null} />;
  const parts = [
    stats.bitrateInKbps === null ? null : t`${stats.bitrateInKbps} kbps`,
    stats.packetLoss === null ? null : t`${stats.packetLoss}% loss`,
    stats.jitterMs === null ? null : t`${stats.jitterMs} ms jitter`,
    stats.rttMs === null ? null : t`${stats.rttMs} ms RTT`,
  ].filter(Boolean);
  return (
    <Text size="sm" dir="auto">
      {parts.join(' · ')}
    </Text>
  );
}

function CodecsCell({ audio, video }: { audio: string | null; video: string | null }) {
  if (!audio && !video) return <Maybe value={null} />;
  return (
    <Stack gap={0}>
      {audio ? <Text size="sm" dir="ltr">{audio}</Text> : null}
      {video ? <Text size="sm" dir="ltr">{video}</Text> : null}
    </Stack>
  );
}

/**
 * Participant, OS, Version, Speaker, Mic, IP, Network, Camera, Start Time, Platform, the camera,
 * mic and screenshare pods (what they publish now), then codecs, the latest statistics and the
 * quality flag.
 */
export function useLiveParticipantColumns() {
  const format = useDateFormat();
  const { t } = useLingui();
  return useMemo(
    () =>
      person.columns([
        person.accessor('displayName', { header: () => <Trans>Participant</Trans>, enableSorting: false, cell: ({ row }) => <Maybe value={row.original.displayName || row.original.email} /> }),
        person.display({ id: 'os', header: () => <Trans>OS</Trans>, cell: ({ row }) => <Maybe value={joinWithVersion(row.original.client.os, row.original.client.osVersion)} /> }),
        person.display({ id: 'version', header: () => <Trans>Version</Trans>, cell: ({ row }) => <Maybe value={joinWithVersion(row.original.client.browser, row.original.client.browserVersion)} /> }),
        person.display({ id: 'speaker', header: () => <Trans>Speaker</Trans>, cell: ({ row }) => <Maybe value={row.original.client.speaker} /> }),
        person.display({ id: 'mic', header: () => <Trans>Mic</Trans>, cell: ({ row }) => <Maybe value={row.original.client.mic} /> }),
        person.display({ id: 'ip', header: () => <Trans>IP</Trans>, cell: ({ row }) => <span dir="ltr">{row.original.client.ip ?? '–'}</span> }),
        person.display({ id: 'network', header: () => <Trans>Network</Trans>, cell: ({ row }) => <Maybe value={row.original.client.network} /> }),
        person.display({ id: 'camera', header: () => <Trans>Camera</Trans>, cell: ({ row }) => <Maybe value={row.original.client.camera} /> }),
        person.accessor('joinedAt', { header: () => <Trans>Start Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        person.display({ id: 'platform', header: () => <Trans>Platform</Trans>, cell: ({ row }) => <Maybe value={row.original.client.platform} /> }),
        person.accessor('cameraOn', {
          header: () => <Trans>Camera pod</Trans>,
          enableSorting: false,
          cell: ({ getValue }) => <PodIcon on={getValue()} label={t`Camera`} onIcon={<IconVideo size={18} aria-hidden="true" />} offIcon={<IconVideoOff size={18} aria-hidden="true" />} />,
        }),
        person.accessor('micOn', {
          header: () => <Trans>Mic pod</Trans>,
          enableSorting: false,
          cell: ({ getValue }) => <PodIcon on={getValue()} label={t`Mic`} onIcon={<IconMicrophone size={18} aria-hidden="true" />} offIcon={<IconMicrophoneOff size={18} aria-hidden="true" />} />,
        }),
        person.accessor('screenSharing', {
          header: () => <Trans>Screenshare pod</Trans>,
          enableSorting: false,
          cell: ({ getValue }) => <PodIcon on={getValue()} label={t`Screen Share`} onIcon={<IconScreenShare size={18} aria-hidden="true" />} offIcon={<IconScreenShareOff size={18} aria-hidden="true" />} />,
        }),
        person.display({ id: 'codecs', header: () => <Trans>Codecs</Trans>, cell: ({ row }) => <CodecsCell audio={row.original.audioCodec} video={row.original.videoCodec} /> }),
        person.display({ id: 'stats', header: () => <Trans>Network quality</Trans>, cell: ({ row }) => <StatsCell participant={row.original} /> }),
        person.display({ id: 'quality', header: () => <Trans>Quality</Trans>, cell: ({ row }) => <QualityFlag flagged={row.original.flagged} reason={row.original.flagReason} /> }),
      ]),
    [format, t],
  );
}
