import { Alert, Button, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlayerPause, IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Dialog, notify } from '@portal/ui-kit';
import { useRecordingUpload, type UseRecordingUploadOptions } from '../../api/local-recordings/upload-recording';
import { formatFileSize } from '../../utils/file-size';

export type UploadRecordingDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Upload settings (tests and stories use small chunks and no retry delay). */
  uploadOptions?: UseRecordingUploadOptions;
};

type FormValues = { file: File | null; topic: string; meetingId: string; recordedAt: string; computerName: string };

const COMPUTER_NAME_KEY = 'portal.recordingComputerName';

/** `YYYY-MM-DDTHH:mm` in the browser's zone, as a datetime-local field wants it. */
function localDateTime(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * Uploads a recording made on this computer (spec `uploadRecordings`): the file with its topic,
 * meeting ID, date and time and computer name, with progress; Pause and Resume, and a broken
 * connection resumes where it stopped. The server checks the file's content, not its name.
 */
export function UploadRecordingDialog({ opened, onClose, uploadOptions }: UploadRecordingDialogProps) {
  const { t, i18n } = useLingui();
  const upload = useRecordingUpload(uploadOptions);
  const { state } = upload;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { file: null, topic: '', meetingId: '', recordedAt: localDateTime(new Date()), computerName: globalThis.localStorage?.getItem(COMPUTER_NAME_KEY) ?? '' },
    validate: {
      file: (value) => (value ? null : t`Choose a recording file`),
      topic: (value) => (value.trim() ? null : t`Enter the topic`),
      recordedAt: (value) => (value && !Number.isNaN(new Date(value).getTime()) ? null : t`Enter the date and time of the recording`),
      computerName: (value) => (value.trim() ? null : t`Enter the computer name`),
    },
  });

  const close = () => {
    upload.reset();
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!values.file) return;
    globalThis.localStorage?.setItem(COMPUTER_NAME_KEY, values.computerName.trim());
    upload.start(values.file, {
      topic: values.topic.trim(),
      meetingId: values.meetingId.trim(),
      recordedAt: new Date(values.recordedAt).toISOString(),
      computerName: values.computerName.trim(),
    });
  });

  const finished = state.status === 'done';
  useEffect(() => {
    if (!finished) return;
    notify.success(t`The recording was uploaded`);
    close();
    // Once per finished upload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  // A refused field goes under that field; sending the form again starts a new upload.
  const unknownMeeting = state.status === 'failed' && state.fieldErrors.some((error) => error.field === 'meetingId' && error.code === 'unknown_meeting');
  useEffect(() => {
    if (unknownMeeting) form.setFieldError('meetingId', t`No meeting has this ID. Check it, or leave it empty.`);
    // Once per refusal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unknownMeeting]);

  const busy = state.status === 'uploading' || state.status === 'paused';
  const progress = 'sent' in state && state.total > 0 ? Math.round((state.sent / state.total) * 100) : 0;
  const failure =
    state.status !== 'failed' || unknownMeeting
      ? null
      : state.code === 'recording_type_refused'
        ? t`This file is not a recording. Upload a WebM, Matroska, MP4, M4A or Ogg file.`
        : state.code === 'upload_too_large'
          ? t`This file is larger than the upload limit.`
          : state.code === 'recording_storage_full'
            ? t`Your organisation's plan has no recording storage left for this file. Delete recordings, or ask your administrator for more storage.`
            : t`The upload stopped. Resume continues from where it stopped.`;
  // Sending the same bytes again cannot succeed after these refusals.
  const final = ['recording_type_refused', 'upload_too_large', 'recording_storage_full'];
  const resumable = state.status === 'failed' && !unknownMeeting && !final.includes(state.code ?? '');

  return (
    <Dialog opened={opened} onClose={close} title={t`Upload a recording`} size="lg">
      <form onSubmit={submit} noValidate aria-label={t`Upload a recording`}>
        <Stack gap="sm">
          <FileInput
            label={t`Recording file`}
            accept="video/webm,video/x-matroska,video/mp4,audio/mp4,audio/ogg,audio/opus,.webm,.mkv,.mp4,.m4a,.ogg,.opus"
            required
            clearable
            disabled={busy}
            {...form.getInputProps('file')}
          />
          <TextInput label={t`Topic`} required maxLength={200} disabled={busy} {...form.getInputProps('topic')} />
          <TextInput label={t`Meeting ID`} maxLength={64} dir="ltr" disabled={busy} {...form.getInputProps('meetingId')} />
          <TextInput label={t`Date & Time`} type="datetime-local" required dir="ltr" disabled={busy} {...form.getInputProps('recordedAt')} />
          <TextInput label={t`Computer Name`} required maxLength={100} disabled={busy} {...form.getInputProps('computerName')} />
          {'sent' in state ? (
            <Stack gap={4}>
              <Progress value={progress} aria-label={t`Upload progress`} animated={state.status === 'uploading'} />
              <Text size="sm" c="dimmed" aria-live="polite">
                {state.status === 'paused' ? (
                  <Trans>
                    Paused at {formatFileSize(state.sent, i18n.locale)} of {formatFileSize(state.total, i18n.locale)}
                  </Trans>
                ) : (
                  <Trans>
                    {formatFileSize(state.sent, i18n.locale)} of {formatFileSize(state.total, i18n.locale)} uploaded ({i18n.number(progress)}%)
                  </Trans>
                )}
              </Text>
            </Stack>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            {state.status === 'uploading' ? (
              <Button leftSection={<IconPlayerPause size={16} aria-hidden="true" />} onClick={upload.pause}>
                <Trans>Pause</Trans>
              </Button>
            ) : state.status === 'paused' || resumable ? (
              <Button leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={upload.resume}>
                <Trans>Resume</Trans>
              </Button>
            ) : (
              <Button type="submit" leftSection={<IconUpload size={16} aria-hidden="true" />}>
                <Trans>Upload</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
