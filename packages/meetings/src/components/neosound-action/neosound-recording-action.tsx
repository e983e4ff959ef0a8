import { ActionIcon, Tooltip } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { IconWaveSine } from '@tabler/icons-react';
import { problemCode } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { notify } from '@portal/ui-kit';
import { useNeosoundEnabled } from '../../api/neosound/get-neosound-plugin';
import { useOpenFileInNeosound } from '../../api/neosound/open-file-in-neosound';

export type NeosoundRecordingActionProps = {
  recording: { id: string; topic: string };
};

const neosoundProblems = {
  neosound_failed: msg`Neosound could not be reached or refused the request. Please try again later.`,
  neosound_unavailable: msg`Neosound is not set up for your organisation yet. Ask your administrator.`,
  neosound_not_enabled: msg`Enable Neosound in Apps first.`,
};

/**
 * The Neosound action of a cloud recording: uploads it to the person's Neosound account for
 * transcription, then says 'Recording uploaded successfully to neosound'. Shown only to people who
 * enabled the transcription plugin in Apps.
 */
export function NeosoundRecordingAction({ recording }: NeosoundRecordingActionProps) {
  const { t, i18n } = useLingui();
  const enabled = useNeosoundEnabled();
  const upload = useOpenFileInNeosound();
  if (!enabled) return null;
  const send = () =>
    upload.mutate({ recordingId: recording.id }, {
      onSuccess: () => notify.success(t`Recording uploaded successfully to neosound`),
      onError: (error) => {
        const code = problemCode(error);
        notify.error(code && code in neosoundProblems ? i18n._(neosoundProblems[code as keyof typeof neosoundProblems]) : problemText(error, i18n));
      },
    });
  return (
    <Tooltip label="Neosound">
      <ActionIcon variant="subtle" color="gray" aria-label={t`Send ${recording.topic} to Neosound`} loading={upload.isPending} onClick={send}>
        <IconWaveSine size={16} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
