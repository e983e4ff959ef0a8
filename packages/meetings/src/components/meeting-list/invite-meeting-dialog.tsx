import { Button, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import { validationMessages } from '@portal/i18n';
import { isValidEmail, showSubmitError } from '@portal/forms';
import { FormDialog, notify, TagsField } from '@portal/ui-kit';
import type { MeetingOccurrence } from '../../api/meetings/get-meeting-schedules';
import { useMeetingInvite } from '../../api/meetings/meeting-invite';
import { useDownloadInvitation } from '../../api/meetings/send-calendar-meeting-invite';
import { meetingFieldErrorText, scheduleFailed } from '../../utils/meeting-error-text';
import { OccurrenceScopeField, type OccurrenceScope } from './occurrence-scope';

export type InviteMeetingDialogProps = {
  opened: boolean;
  occurrence: MeetingOccurrence | null;
  onClose: () => void;
};

type Values = { emails: string[]; scope: OccurrenceScope };

export const MAX_INVITEES = 50;

/**
 * Invites people by email to a meeting (for a recurring one: this occurrence or every one); they
 * get the invitation with its calendar file. The same invitation downloads as an .ics file.
 * Mount it with a fresh `key` per opening.
 */
export function InviteMeetingDialog({ opened, occurrence, onClose }: InviteMeetingDialogProps) {
  const { t, i18n } = useLingui();
  const invite = useMeetingInvite();
  const download = useDownloadInvitation();

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { emails: [], scope: 'all' },
    validate: {
      emails: (emails) => {
        if (emails.length === 0) return i18n._(validationMessages.required);
        if (emails.length > MAX_INVITEES) return i18n._(validationMessages.tooLong);
        return emails.every((email) => isValidEmail(email)) ? null : i18n._(validationMessages.validEmail);
      },
    },
  });

  const one = (scope: OccurrenceScope) => Boolean(occurrence?.recurring && scope === 'this');

  const submit = form.onSubmit(async (values) => {
    if (!occurrence) return;
    try {
      await invite.mutateAsync({
        meetingId: occurrence.id,
        invitation: { emails: values.emails, ...(one(values.scope) ? { occurrence: occurrence.originalStart } : {}) },
      });
      notify.success(t`invitation sent successfully`);
      onClose();
    } catch (error) {
      showSubmitError(form, error, i18n, {
        pathOf: (field) => (field.startsWith('emails') ? 'emails' : null),
        textOf: meetingFieldErrorText,
        snackbarText: (_error, i) => i._(scheduleFailed),
      });
    }
  });

  const downloadIcs = () => {
    if (!occurrence) return;
    download.mutate({ meetingId: occurrence.id, ...(one(form.values.scope) ? { occurrence: occurrence.originalStart } : {}) });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t`Invite to meeting`}
      submitLabel={t`Invite`}
      loading={invite.isPending}
      submitDisabled={invite.isPending}
      onSubmit={submit}
    >
      {occurrence ? (
        <Text size="sm" c="dimmed">
          {occurrence.topic}
        </Text>
      ) : null}
      <TagsField
        label={t`Emails`}
        description={t`Type an address and press Enter; paste several separated by commas.`}
        required
        data-autofocus
        splitChars={[',', ' ', ';']}
        acceptValueOnBlur
        clearable
        maxTags={MAX_INVITEES}
        {...form.getInputProps('emails')}
      />
      {occurrence?.recurring ? <OccurrenceScopeField label={t`Invite to`} value={form.values.scope} onChange={(scope) => form.setFieldValue('scope', scope)} /> : null}
      <Button variant="subtle" type="button" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={download.isPending} onClick={downloadIcs} style={{ alignSelf: 'flex-start' }}>
        {t`Download .ics`}
      </Button>
    </FormDialog>
  );
}
