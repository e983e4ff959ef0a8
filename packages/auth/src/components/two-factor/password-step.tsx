import { Button, Group, Stack, Text } from '@mantine/core';
import { PasswordField } from '@portal/ui-kit';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { twoFactorMessages } from './two-factor-messages';

export type PasswordStepProps = {
  intro: ReactNode;
  submitLabel: ReactNode;
  pending: boolean;
  /** Resolves to an error message for the password field, or null when accepted. */
  onSubmit: (password: string) => Promise<string | null>;
  onCancel: () => void;
};

/** First step of turning two-factor on: the account password again. */
export function PasswordStep({ intro, submitLabel, pending, onSubmit, onCancel }: PasswordStepProps) {
  const { t, i18n } = useLingui();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : i18n._(twoFactorMessages.enterValidPassword)) },
  });
  const submit = form.onSubmit(async ({ password }) => {
    const error = await onSubmit(password);
    if (error) form.setFieldError('password', error);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Confirm your password`}>
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          required
          withAsterisk={false}
          data-autofocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
