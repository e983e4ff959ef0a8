import { Alert, Button, Checkbox, Group, Input, Rating, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { hasProblemCode } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { notify, Dialog } from '@portal/ui-kit';
import { useSubmitMeetingFeedback, type AudioIssue, type VideoIssue } from '../../api/feedback/submit-meeting-feedback';
import { AUDIO_ISSUES, audioIssueLabels, VIDEO_ISSUES, videoIssueLabels } from '../feedback/issue-labels';

export type MeetingFeedbackDialogProps = {
  /** The meeting id the participant was in. */
  code: string;
  /** The join grant's feedback ticket. */
  ticket: string;
  opened: boolean;
  /** Closed after sending, or skipped. */
  onClose: () => void;
};

/**
 * At the end of a meeting: a rating of 1 to 5 stars, what went wrong with video and audio, and a
 * suggestion. Skip is always there; a meeting already rated says so and closes.
 */
export function MeetingFeedbackDialog({ code, ticket, opened, onClose }: MeetingFeedbackDialogProps) {
  const { t, i18n } = useLingui();
  const submit = useSubmitMeetingFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { rating: 0, videoIssues: [] as VideoIssue[], audioIssues: [] as AudioIssue[], suggestion: '' },
    validate: { rating: (value) => (value >= 1 && value <= 5 ? null : t`Choose a rating from 1 to 5 stars`), suggestion: (value) => (value.length > 2000 ? t`At most 2000 characters` : null) },
  });

  const send = form.onSubmit((values) => {
    setFailure(null);
    const suggestion = values.suggestion.trim();
    submit.mutate(
      { meetingCode: code, feedback: { ticket, rating: values.rating, videoIssues: values.videoIssues, audioIssues: values.audioIssues, ...(suggestion ? { suggestion } : {}) } },
      {
        onSuccess: () => {
          notify.success(t`Thank you for your feedback!`);
          onClose();
        },
        onError: (error) => {
          if (hasProblemCode(error, ['feedback_exists'])) {
            notify.info(t`You have already rated this meeting.`);
            onClose();
            return;
          }
          setFailure(problemText(error, i18n));
        },
      },
    );
  });

  return (
    <Dialog opened={opened} onClose={onClose} title={t`How was the meeting?`}>
      <form noValidate onSubmit={send}>
        <Stack gap="md">
          <Input.Wrapper label={t`Your rating`} required error={form.errors.rating}>
            <Rating
              size="lg"
              value={form.values.rating}
              onChange={(value) => form.setFieldValue('rating', value)}
              getSymbolLabel={(value) => t`${value} of 5 stars`}
              mt={4}
            />
          </Input.Wrapper>
          <Checkbox.Group label={t`Video issues`} value={form.values.videoIssues} onChange={(value) => form.setFieldValue('videoIssues', value)}>
            <Group gap="md" mt={6}>
              {VIDEO_ISSUES.map((issue) => (
                <Checkbox key={issue} value={issue} label={i18n._(videoIssueLabels[issue])} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group label={t`Audio issues`} value={form.values.audioIssues} onChange={(value) => form.setFieldValue('audioIssues', value)}>
            <Group gap="md" mt={6}>
              {AUDIO_ISSUES.map((issue) => (
                <Checkbox key={issue} value={issue} label={i18n._(audioIssueLabels[issue])} />
              ))}
            </Group>
          </Checkbox.Group>
          <Textarea label={t`Suggestion`} rows={3} {...form.getInputProps('suggestion')} />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Skip</Trans>
            </Button>
            <Button type="submit" loading={submit.isPending}>
              <Trans>Send feedback</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
