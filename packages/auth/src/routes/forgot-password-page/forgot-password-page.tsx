import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { validationMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { useRequestPasswordReset } from '../../api/use-request-password-reset';
import { useSessionStore } from '../../stores/session-store';
import { explainedProblemText, isValidEmail } from '@portal/forms';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';

const messages = {
  sent: msg`Password reset link sent successfully`,
  failed: msg`Failed, try again`,
};

/** Spec 'Forgot password': the same answer whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<{ email: string }>({
    mode: 'uncontrolled',
    initialValues: { email: useSessionStore.getState().email ?? '' },
    validate: { email: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmailLogin)) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await request.mutateAsync({ email: email.trim() });
      setSentTo(email.trim());
      notify.success(i18n._(messages.sent));
    } catch (error) {
      const message = explainedProblemText(error, i18n) ?? i18n._(messages.failed);
      setFormError(message);
      notify.error(message);
    }
  });

  return (
    <AuthPageFrame>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Forgot password</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Enter the email of your account and we will send you a link to choose a new password.</Trans>
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t`Forgot password`}>
        <Stack gap="md">
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          {sentTo ? (
            <Alert color="green" variant="light" role="status">
              <Trans>If {sentTo} belongs to an account, a reset link is on its way. It works once and for one hour.</Trans>
            </Alert>
          ) : null}
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={request.isPending}>
            <Trans>Send Reset Link</Trans>
          </Button>
          <Anchor component={Link} to={LOGIN_PATH} size="sm" ta="center">
            <Trans>Back to login</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthPageFrame>
  );
}
