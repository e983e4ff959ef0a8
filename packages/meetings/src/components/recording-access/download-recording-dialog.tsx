import { Alert, Radio, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { problemText } from '@portal/forms';
import { FormDialog } from '@portal/ui-kit';
import { recordingFileUrl, useCheckRecordingFile, type RecordingFileKind } from '../../api/recording-shares/recording-files';
import type { RecordingRef } from './share-recording-dialog';

export type DownloadRecordingDialogProps = {
  /** `audio` / `video`: whether the recording has that file (the list says so). */
  recording: RecordingRef & { audio: boolean; video: boolean };
  opened: boolean;
  onClose: () => void;
  /** Hands the file's address to the browser; a hidden link's click by default (tests watch it). */
  startDownload?: (url: string) => void;
};

/** The browser downloads the file itself, streamed to disk, never through the page's memory. */
function clickDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The Download dialog of a cloud recording (spec: Audio Recording or Video Recording). The file's
 * first byte is asked for first, so 'No files available for download' (or a refused address)
 * shows here instead of as a broken download.
 */
export function DownloadRecordingDialog({ recording, opened, onClose, startDownload = clickDownload }: DownloadRecordingDialogProps) {
  const { t, i18n } = useLingui();
  const { topic } = recording;
  const [kind, setKind] = useState<RecordingFileKind>(recording.video ? 'video' : 'audio');
  const check = useCheckRecordingFile();
  const close = () => {
    check.reset();
    onClose();
  };
  const noFiles = !recording.audio && !recording.video;
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={t`Download ${topic}`}
      submitLabel={t`Download`}
      loading={check.isPending}
      submitDisabled={noFiles}
      onSubmit={() =>
        check.mutate(
          { recordingId: recording.id, kind },
          {
            onSuccess: () => {
              startDownload(recordingFileUrl(recording.id, kind));
              close();
            },
          },
        )
      }
    >
      {noFiles ? (
        <Alert color="yellow" variant="light">
          <Trans>No files available for download</Trans>
        </Alert>
      ) : (
        <Radio.Group label={t`Choose a file`} value={kind} onChange={(value) => setKind(value)}>
          <Stack gap="xs" mt="xs">
            <Radio value="audio" label={t`Audio Recording`} disabled={!recording.audio} />
            <Radio value="video" label={t`Video Recording`} disabled={!recording.video} />
          </Stack>
        </Radio.Group>
      )}
      {check.isError ? (
        <Alert color="red" variant="light" role="alert">
          {problemText(check.error, i18n)}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
