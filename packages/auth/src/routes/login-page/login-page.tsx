import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@portal/api-client';
import { commonMessages, messageForFieldError, validationMessages } from '@portal/i18n';
import { notify, PasswordField } from '@portal/ui-kit';
import { useLogin } from '../../api/use-login';
import { ProviderButtons, ProviderSignInError } from '../../components/provider-buttons';
import { useTenantInfo } from '../../api/use-tenant-info';
import { useSessionStore } from '../../stores/session-store';
import { isValidEmail, problemTextFor } from '@portal/forms';
import { LANDING_PATH, postLoginRedirect, RESET_PASSWORD_PATH, type SignInFlowPaths } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';
import { TwoFactorStep } from './two-factor-step';

type LoginValues = { email: string; password: string };

// Codes whose own message says what to do; anything else is the spec's 'Login failed, try again'.
const EXPLAINED_CODES = ['invalid_credentials', 'account_disabled', 'too_many_attempts', 'rate_limited', 'validation_failed', 'maintenance'];

function loginErrorMessage(error: unknown, i18n: I18n): string {
  return problemTextFor(error, EXPLAINED_CODES, i18n) ?? i18n._(commonMessages.loginFailed);
}

export type LoginPageProps = {
  /** Where each flow started while signed out continues after sign-in (the portal's `authRoutes` options). */
  flowPaths?: SignInFlowPaths;
};

/** Spec 'Login': email and password sign-in with the tenant's texts and sign-up options. */
export default function LoginPage({ flowPaths = {} }: LoginPageProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: tenant } = useTenantInfo();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const location = useLocation();
  // Set when the password was right and the account has two-factor on: the code step shows. An
  // external sign-in of such an account arrives with the temporary id in the fragment.
  const [twoFactorTmpid, setTwoFactorTmpid] = useState<string | null>(() => new URLSearchParams(location.hash.slice(1)).get('two-factor'));
  useEffect(() => {
    // The temporary id is not left in the address bar or the history.
    if (location.hash.includes('two-factor=')) void navigate({ search: location.search, hash: '' }, { replace: true });
  }, [location.hash, location.search, navigate]);

  const form = useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { email: useSessionStore.getState().email ?? '', password: '' },
    validate: {
      email: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmailLogin)),
      password: (value) => (value ? null : i18n._(validationMessages.required)),
    },
  });

  const goOn = async () => {
    const target = postLoginRedirect(useSessionStore.getState().flags, flowPaths, searchParams.get('redirect'));
    if (target === LANDING_PATH) notify.success(i18n._(commonMessages.loginSuccessful));
    await navigate(target, { replace: true });
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const outcome = await login.mutateAsync({ email: values.email.trim(), password: values.password });
      if (outcome === 'changePassword') {
        await navigate(RESET_PASSWORD_PATH);
        return;
      }
      if (outcome === 'twoFactor') {
        setTwoFactorTmpid(useSessionStore.getState().tmpid);
        return;
      }
      await goOn();
    } catch (error) {
      if (isApiError(error) && error.code === 'validation_failed' && error.errors.length > 0) {
        for (const fieldError of error.errors) {
          if (fieldError.field === 'email' || fieldError.field === 'password') {
            form.setFieldError(fieldError.field, messageForFieldError(fieldError.code, i18n));
          }
        }
        return;
      }
      const message = loginErrorMessage(error, i18n);
      setFormError(message);
      notify.error(message);
    }
  });

  const heading = tenant?.text.portal_login_heading || t`Login to your account`;
  const body = tenant?.text.portal_login_body;

  if (twoFactorTmpid) {
    return (
      <AuthPageFrame>
        <TwoFactorStep
          tmpid={twoFactorTmpid}
          onSignedIn={goOn}
          onBack={() => {
            useSessionStore.getState().setTmpid(null);
            form.setFieldValue('password', '');
            setTwoFactorTmpid(null);
          }}
        />
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {heading}
        </Title>
        {body ? <Text c="dimmed">{body}</Text> : null}
      </Stack>

      <ProviderSignInError />
      {searchParams.has('denied') ? (
        <Alert color="yellow" variant="light" role="status">
          <Trans>
            Your account cannot open that page. Sign in with an account that can, or{' '}
            <Anchor component={Link} to={LANDING_PATH}>
              go to the home page
            </Anchor>
            .
          </Trans>
        </Alert>
      ) : null}

      <form onSubmit={submit} noValidate aria-label={t`Login`}>
        <Stack gap="md">
          {/* Both fields are plainly required; without asterisks the labels read exactly "Email" and "Password". */}
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={login.isPending}>
            <Trans>Login</Trans>
          </Button>
        </Stack>
      </form>

      <ProviderButtons intent="login" />

      {tenant?.signup.normal !== false ? (
        <Text size="sm" ta="center">
          <Trans>
            New here?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Trans>
        </Text>
      ) : null}
    </AuthPageFrame>
  );
}
