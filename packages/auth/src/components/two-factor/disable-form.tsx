import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '@portal/ui-kit';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { isSixDigits, twoFactorMessages } from './two-factor-messages';

export type DisableFormProps = {
  pending: boolean;
  /** Resolves to the field and message to show, or null when two-factor is off. */
  onSubmit: (input: { password: string; code: string }) => Promise<{ field?: 'password' | 'code'; message: string } | null>;
  onCancel: () => void;
  onFormError: (message: string) => void;
};

/** Turning two-factor off takes the password and a current code. */
export function DisableForm({ pending, onSubmit, onCancel, onFormError }: DisableFormProps) {
  const { t, i18n } = useLingui();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (value) => (value ? null : i18n._(twoFactorMessages.enterValidPassword)),
      code: (value) => (isSixDigits(value) ? null : i18n._(twoFactorMessages.enterCode)),
    },
  });
  const submit = form.onSubmit(async ({ password, code }) => {
    const error = await onSubmit({ password, code: code.trim() });
    if (!error) return;
    if (error.field) form.setFieldError(error.field, error.message);
    else onFormError(error.message);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Turn off two-factor authentication`}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>Enter your password and a code from your authenticator app to turn off two-factor authentication.</Trans>
        </Text>
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          required
          withAsterisk={false}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t`Authentication code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          withAsterisk={false}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color="red" loading={pending}>
            <Trans>Disable</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
