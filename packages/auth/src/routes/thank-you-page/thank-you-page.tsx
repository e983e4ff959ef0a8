import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { validationMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { useResendSignupMail } from '../../api/use-resend-signup-mail';
import { useTenantInfo } from '../../api/use-tenant-info';
import { explainedProblemText, isValidEmail } from '@portal/forms';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';
import { SIGNUP_EMAIL_KEY } from '../signup-paths';

const messages = {
  sent: msg`Mail has been sent successfully`,
  failed: msg`Failed, try again..!`,
};

function registeredEmail(state: unknown): string {
  const fromState = (state as { email?: unknown } | null)?.email;
  if (typeof fromState === 'string') return fromState;
  return window.sessionStorage.getItem(SIGNUP_EMAIL_KEY) ?? '';
}

/**
 * Spec 'Thank-you': the CREATE PASSWORD mail is on its way; resend it, or go to the site. Opened
 * without a registration (e.g. from an expired link) it asks for the address to send it to.
 */
export default function ThankYouPage() {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const { data: tenant } = useTenantInfo();
  const resend = useResendSignupMail();
  const [known] = useState(() => registeredEmail(location.state));
  const [error, setError] = useState<string | null>(null);

  const form = useForm<{ email: string }>({
    mode: 'uncontrolled',
    initialValues: { email: known },
    validate: { email: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmailLogin)) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await resend.mutateAsync({ email: email.trim() });
      notify.success(i18n._(messages.sent));
    } catch (failure) {
      const message = explainedProblemText(failure, i18n) ?? i18n._(messages.failed);
      setError(message);
      notify.error(message);
    }
  });

  const siteUrl = tenant?.brandUrl;

  return (
    <AuthPageFrame>
      <Stack gap="xs" align="center" ta="center">
        <IconMailCheck size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          <Trans>Thank you for registering!</Trans>
        </Title>
        <Text>
          {known ? (
            <Trans>
              We have sent an email to <strong>{known}</strong>. Open it and press CREATE PASSWORD to choose your password.
            </Trans>
          ) : (
            <Trans>We have sent you an email. Open it and press CREATE PASSWORD to choose your password.</Trans>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Did not get it? Check your spam folder, or send it again.</Trans>
        </Text>
      </Stack>

      <form onSubmit={submit} noValidate aria-label={t`Resend email`}>
        <Stack gap="md">
          {known ? null : (
            <TextInput
              label={t`Email`}
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
          )}
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" variant="light" fullWidth loading={resend.isPending}>
            <Trans>Resend email</Trans>
          </Button>
          {siteUrl ? (
            <Button component="a" href={siteUrl} fullWidth>
              <Trans>Go to site</Trans>
            </Button>
          ) : (
            <Button component={Link} to={LOGIN_PATH} fullWidth>
              <Trans>Go to site</Trans>
            </Button>
          )}
          <Anchor component={Link} to={LOGIN_PATH} size="sm" ta="center">
            <Trans>Back to login</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthPageFrame>
  );
}
