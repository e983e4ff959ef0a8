import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@portal/api-client';
import { isLanguage, messageForFieldError, validationMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { useSignup } from '../../api/use-signup';
import { useTenantInfo } from '../../api/use-tenant-info';
import { userLimitReachedMessage } from '../../components/provider-buttons/provider-messages';
import { explainedProblemText, isValidEmail, isValidPersonName } from '@portal/forms';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';
import { SIGNUP_EMAIL_KEY, THANK_YOU_PATH } from '../signup-paths';
import { SignupUnavailable } from '../signup-unavailable';

const messages = {
  registered: msg`Registration Successful`,
  emailRegistered: msg`Email already registered`,
  failed: msg`Failed, try again`,
  userLimitReached: userLimitReachedMessage,
};

type RegisterValues = { email: string; firstName: string; lastName: string };

const FIELDS = new Set(['email', 'firstName', 'lastName']);

/** Spec 'Register': work email, first and last name; a mail with a CREATE PASSWORD link follows. */
export default function RegisterPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { data: tenant } = useTenantInfo();
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  // The server has the last word on the tenant's sign-up flag (the branding may be a few seconds old).
  const [refused, setRefused] = useState(false);

  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', firstName: '', lastName: '' },
    validate: {
      email: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmail)),
      firstName: (value) => (isValidPersonName(value.trim()) ? null : i18n._(validationMessages.firstName)),
      lastName: (value) => (isValidPersonName(value.trim()) ? null : i18n._(validationMessages.lastName)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const email = values.email.trim();
    try {
      await signup.mutateAsync({
        email,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(isLanguage(i18n.locale) ? { language: i18n.locale } : {}),
      });
      window.sessionStorage.setItem(SIGNUP_EMAIL_KEY, email);
      notify.success(i18n._(messages.registered));
      await navigate(THANK_YOU_PATH, { state: { email } });
    } catch (error) {
      if (isApiError(error) && error.code === 'signup_disabled') {
        setRefused(true);
        return;
      }
      if (isApiError(error) && error.code === 'email_registered') {
        form.setFieldError('email', i18n._(messages.emailRegistered));
        return;
      }
      if (isApiError(error) && error.code === 'validation_failed' && error.errors.some((e) => FIELDS.has(e.field))) {
        for (const fieldError of error.errors) {
          if (FIELDS.has(fieldError.field)) form.setFieldError(fieldError.field, messageForFieldError(fieldError.code, i18n));
        }
        return;
      }
      let message = explainedProblemText(error, i18n) ?? i18n._(messages.failed);
      // The tenant holds as many accounts as the platform allows it.
      if (isApiError(error) && error.code === 'user_limit_reached') message = i18n._(messages.userLimitReached);
      setFormError(message);
      notify.error(message);
    }
  });

  const heading = tenant?.text.portal_register_heading || t`Create your account`;
  const body = tenant?.text.portal_regiser_body;

  return (
    <AuthPageFrame>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {heading}
        </Title>
        {body ? <Text c="dimmed">{body}</Text> : null}
      </Stack>
      {refused || (tenant && !tenant.signup.normal) ? (
        <SignupUnavailable />
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Register`}>
          <Stack gap="md">
            <TextInput
              label={t`Work email`}
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t`First name`}
              autoComplete="given-name"
              required
              withAsterisk={false}
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t`Last name`}
              autoComplete="family-name"
              required
              withAsterisk={false}
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
            {formError ? (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            ) : null}
            <Group grow>
              <Button variant="default" component={Link} to={LOGIN_PATH}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={signup.isPending}>
                <Trans>Register</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AuthPageFrame>
  );
}
