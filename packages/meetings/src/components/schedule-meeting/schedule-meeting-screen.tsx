import { Stack, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { problemText } from '@portal/forms';
import { ErrorState, PageLoader } from '@portal/ui-kit';
import { useMeeting, type Meeting } from '../../api/meetings/get-meeting';
import { ScheduleMeetingForm } from './schedule-meeting-form';
import type { ScheduleMode } from './schedule-form-values';
import { OPEN_MEETINGS_PATH, UPCOMING_MEETINGS_PATH } from '../../routes/meeting-paths';
import { newMeetingKey, rememberMeetingKey, shareableLink } from '../../utils/e2ee-key';
import { EncryptedLinkDialog } from '../e2ee-notices';

export type ScheduleMeetingScreenProps = {
  /**
   * `new` (schedule-meeting), `edit` every occurrence (schedule-meeting/:meetingid) or one
   * `occurrence` (update-meetings?meeting=<id>&occurrence=<originalStart>).
   */
  mode: ScheduleMode;
  now?: () => Date;
};

/** The Schedule meetings screen (spec) in its three modes; the lists follow a save. */
export function ScheduleMeetingScreen({ mode, now }: ScheduleMeetingScreenProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { meetingid } = useParams();
  const [search] = useSearchParams();
  const meetingId = mode === 'edit' ? meetingid : mode === 'occurrence' ? (search.get('meeting') ?? undefined) : undefined;
  const occurrence = mode === 'occurrence' ? (search.get('occurrence') ?? undefined) : undefined;
  const meeting = useMeeting(meetingId);

  const title = mode === 'new' ? t`Schedule a meeting` : mode === 'edit' ? t`Edit meeting` : t`Edit this occurrence`;
  const [encrypted, setEncrypted] = useState<Meeting | null>(null);
  const toList = (saved: Meeting) => void navigate(saved.kind === 'open' ? OPEN_MEETINGS_PATH : UPCOMING_MEETINGS_PATH);
  const done = (saved: Meeting) => {
    // A new end-to-end encrypted meeting gets its key here, in this browser (utils/e2ee-key.ts),
    // and its full link is shown once before the list.
    if (mode !== 'new' || !saved.endToEndEncrypted) return toList(saved);
    rememberMeetingKey(saved.id, newMeetingKey());
    setEncrypted(saved);
  };
  const cancel = () => void navigate(-1);

  let body;
  if (mode === 'new') body = <ScheduleMeetingForm mode="new" onDone={done} onCancel={cancel} now={now} />;
  else if (!meetingId || (mode === 'occurrence' && !occurrence)) body = <ErrorState message={t`Not found`} actionLabel={t`Upcoming meetings`} onAction={() => void navigate(UPCOMING_MEETINGS_PATH)} />;
  else if (meeting.isPending) body = <PageLoader h={240} />;
  else if (meeting.isError) body = <ErrorState message={problemText(meeting.error, i18n)} actionLabel={t`Retry`} onAction={() => void meeting.refetch()} />;
  else body = <ScheduleMeetingForm key={meeting.data.id} mode={mode} meeting={meeting.data} occurrence={occurrence} onDone={done} onCancel={cancel} now={now} />;

  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{title}</Title>
      {body}
      <EncryptedLinkDialog link={encrypted ? shareableLink(encrypted) : null} onClose={() => encrypted && toList(encrypted)} />
    </Stack>
  );
}
