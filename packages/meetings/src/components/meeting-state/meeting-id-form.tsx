import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { validationMessages } from '@portal/i18n';

/** The meeting id people type: 10 or 11 digits, spaces and dashes ignored. */
export const meetingCodeOf = (value: string): string | null => {
  const digits = value.replace(/[\s-]/g, '');
  return /^[0-9]{10,11}$/.test(digits) ? digits : null;
};

export type MeetingIdFormProps = {
  initialCode: string;
  /** The server's word on the submitted id ('Meeting Id not found'), shown under the field. */
  serverError: string | null;
  onSubmit: (code: string) => void;
  /** Further fields beside the meeting id (the Publisher choice). */
  children?: ReactNode;
};

/** Meeting ID and submit, shared by the Meeting state and Meeting log screens ('Enter a valid Meeting Id'). */
export function MeetingIdForm({ initialCode, serverError, onSubmit, children }: MeetingIdFormProps) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initialValues: { meetingId: initialCode },
    validate: { meetingId: (value) => (meetingCodeOf(value) ? null : i18n._(validationMessages.meetingId)) },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => {
        const code = meetingCodeOf(values.meetingId);
        if (code) onSubmit(code);
      })}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <TextInput
          label={t`Meeting ID`}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          w={220}
          required
          {...form.getInputProps('meetingId')}
          error={form.errors.meetingId ?? serverError}
        />
        {children}
        <Button type="submit" mt={25}>
          <Trans>Submit</Trans>
        </Button>
      </Group>
    </form>
  );
}
