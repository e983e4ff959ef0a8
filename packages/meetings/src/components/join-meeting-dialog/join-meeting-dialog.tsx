import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { validationMessages } from '@portal/i18n';
import { FormDialog, PasswordField } from '@portal/ui-kit';
import { joinPath } from '../../routes/meeting-paths';

export type JoinMeetingDialogProps = { opened: boolean; onClose: () => void };


type Values = { meetingId: string; password: string };

/**
 * Join a meeting: asks for the meeting id (10 or 11 digits; spaces and dashes as people copy
 * them are fine) and, when the meeting has one, its password, then opens the meeting's page.
 * Mount it with a fresh `key` per opening.
 */
export function JoinMeetingDialog({ opened, onClose }: JoinMeetingDialogProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { meetingId: '', password: '' },
    transformValues: (values) => ({ meetingId: values.meetingId.replace(/[\s-]/g, ''), password: values.password.trim() }),
    validate: {
      meetingId: (value) => (/^[0-9]{10,11}$/.test(value.replace(/[\s-]/g, '')) ? null : i18n._(validationMessages.meetingId)),
    },
  });

  const submit = form.onSubmit(({ meetingId, password }) => {
    onClose();
    void navigate(joinPath(meetingId), password ? { state: { password } } : undefined);
  });

  return (
    <FormDialog opened={opened} onClose={onClose} title={t`Join a meeting`} submitLabel={t`Join`} onSubmit={submit}>
      <TextInput label={t`Meeting ID`} required inputMode="numeric" autoComplete="off" dir="ltr" data-autofocus {...form.getInputProps('meetingId')} />
      <PasswordField label={t`Meeting password`} description={t`Only if the meeting has one.`} autoComplete="off" dir="ltr" {...form.getInputProps('password')} />
    </FormDialog>
  );
}
